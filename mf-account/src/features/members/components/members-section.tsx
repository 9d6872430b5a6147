import {
  ACCOUNT_ROLES,
  type AccountRole,
  InviteMemberBody,
  type Member,
} from "@contracts/members.ts";
import {
  ApiError,
  Button,
  Card,
  Cell,
  Column,
  ConfirmDialog,
  Dialog,
  EmptyState,
  Form,
  formatDateTime,
  formValues,
  Row,
  Select,
  Skeleton,
  Table,
  TableBody,
  TableHeader,
  TextField,
  toast,
  useFormErrors,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { messages, useT } from "../../../i18n";
import * as styles from "../../settings/components/settings.css";
import {
  useChangeMemberRole,
  useInviteMember,
  useLeaveAccount,
  useMembers,
  useMyRole,
  useRemoveMember,
  useRevokeInvitation,
} from "../api/members";

/** What each role may do, as the choices and the invitation say it (mf-account's messages). */
export const roleLabel = (role: AccountRole, t = messages.t) => t(`members.roleLabel.${role}`);
const roleName = (role: AccountRole, t = messages.t) => t(`members.role.${role}`);

const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiError ? err.message : fallback;

/**
 * Settings → Members: the people sharing the account this session acts on. Everyone sees the
 * list and may leave; only an owner invites, changes roles and removes (the API refuses the
 * others whatever this page shows).
 */
export function MembersSection() {
  const t = useT();
  const members = useMembers();
  const role = useMyRole();
  const isOwner = role === "owner";
  const invite = useInviteMember();
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const leave = useLeaveAccount();
  const revokeInvitation = useRevokeInvitation();
  const form = useFormErrors();
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [leaving, setLeaving] = useState(false);
  const list = members.data?.members ?? [];
  const invitations = members.data?.invitations ?? [];

  const onInvite = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = formValues(e.currentTarget);
    const parsed = form.validate(InviteMemberBody, { email: values.email, role: values.role });
    if (!parsed.success) return;
    invite.mutate(parsed.data, {
      onSuccess: (answer) => {
        setInviting(false);
        toast.success(t("members.invited"), t("members.invitedDetail", { email: answer.email }));
      },
      onError: (err) => toast.error(t("error"), errorText(err, t("members.inviteFailed"))),
    });
  };

  const onRole = (m: Member, next: string) => {
    if (next === m.role) return;
    changeRole.mutate(
      { userId: m.user_id, role: next as AccountRole },
      {
        onSuccess: () =>
          toast.success(
            t("members.roleChanged"),
            t("members.roleChangedDetail", {
              name: m.username,
              role: roleName(next as AccountRole, t),
            }),
          ),
        onError: (err) => toast.error(t("error"), errorText(err, t("members.roleFailed"))),
      },
    );
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.user_id, {
      onSuccess: () => {
        toast.success(
          t("members.removed"),
          t("members.removedDetail", { name: removing.username }),
        );
        setRemoving(null);
      },
      onError: (err) => toast.error(t("error"), errorText(err, t("members.removeFailed"))),
    });
  };

  const confirmLeave = () =>
    leave.mutate(undefined, {
      onSuccess: () => {
        setLeaving(false);
        // The session acts on no account now: the page loads the person's accounts again.
        window.location.assign("/settings");
      },
      onError: (err) => {
        setLeaving(false);
        toast.error(t("error"), errorText(err, t("members.leaveFailed")));
      },
    });

  return (
    <Card
      as="section"
      title={t("members.title")}
      description={t("members.description")}
      actions={
        isOwner ? (
          <Button size="sm" variant="secondary" onPress={() => setInviting(true)}>
            {t("members.invite")}
          </Button>
        ) : undefined
      }
    >
      {members.isPending ? (
        <Skeleton height="96px" />
      ) : members.isError ? (
        <EmptyState
          title={t("members.loadFailed")}
          description={errorText(members.error, t("tryAgainLater"))}
          action={
            <Button size="sm" variant="secondary" onPress={() => members.refetch()}>
              {t("retry")}
            </Button>
          }
        />
      ) : (
        <div className={styles.fields}>
          <Table aria-label={t("members.title")}>
            <TableHeader>
              <Column isRowHeader>{t("members.name")}</Column>
              <Column>{t("members.email")}</Column>
              <Column>{t("members.roleCol")}</Column>
              <Column>{t("members.joined")}</Column>
              <Column>
                <span className={styles.srOnly}>{t("sessions.actions")}</span>
              </Column>
            </TableHeader>
            <TableBody
              items={list.map((m) => ({ ...m, id: m.user_id }))}
              dependencies={[isOwner, t]}
            >
              {(m) => (
                <Row id={m.user_id}>
                  <Cell>{m.you ? t("members.you", { name: m.username }) : m.username}</Cell>
                  <Cell>{m.email}</Cell>
                  <Cell>
                    {isOwner ? (
                      <Select
                        label={t("members.roleOf", { name: m.username })}
                        value={m.role}
                        onValueChange={(v) => onRole(m, v)}
                      >
                        {ACCOUNT_ROLES.map((r) => (
                          <option key={r} value={r}>
                            {roleName(r, t)}
                          </option>
                        ))}
                      </Select>
                    ) : (
                      roleName(m.role, t)
                    )}
                  </Cell>
                  <Cell>{formatDateTime(m.joined_at)}</Cell>
                  <Cell>
                    {m.you ? (
                      <Button size="sm" variant="ghost" onPress={() => setLeaving(true)}>
                        {t("members.leave")}
                      </Button>
                    ) : isOwner ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t("members.removeLabel", { name: m.username })}
                        onPress={() => setRemoving(m)}
                      >
                        {t("members.remove")}
                      </Button>
                    ) : null}
                  </Cell>
                </Row>
              )}
            </TableBody>
          </Table>
          {invitations.length > 0 && (
            <Table aria-label={t("members.openInvitations")}>
              <TableHeader>
                <Column isRowHeader>{t("members.invitedCol")}</Column>
                <Column>{t("members.roleCol")}</Column>
                <Column>{t("members.expires")}</Column>
                <Column>
                  <span className={styles.srOnly}>{t("sessions.actions")}</span>
                </Column>
              </TableHeader>
              <TableBody items={invitations} dependencies={[revokeInvitation.isPending, t]}>
                {(i) => (
                  <Row id={i.id}>
                    <Cell>{i.email}</Cell>
                    <Cell>{roleName(i.role, t)}</Cell>
                    <Cell>{formatDateTime(i.expires_at)}</Cell>
                    <Cell>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t("members.withdrawLabel", { email: i.email })}
                        onPress={() =>
                          revokeInvitation.mutate(i.id, {
                            onError: (err) =>
                              toast.error(t("error"), errorText(err, t("members.withdrawFailed"))),
                          })
                        }
                      >
                        {t("members.withdraw")}
                      </Button>
                    </Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          )}
        </div>
      )}

      <Dialog title={t("members.inviteTitle")} isOpen={inviting} onOpenChange={setInviting}>
        <Form
          onSubmit={onInvite}
          validationErrors={form.errors}
          validationBehavior="aria"
          className={styles.form}
        >
          <div className={styles.fields} onInput={form.clear}>
            <TextField label={t("members.email")} name="email" type="email" />
            <Select
              label={t("members.roleCol")}
              name="role"
              defaultValue="read_only"
              errorMessage={form.errors.role}
            >
              {ACCOUNT_ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleLabel(r, t)}
                </option>
              ))}
            </Select>
            <p className={styles.hint}>{t("members.inviteHint")}</p>
            <Button type="submit" isPending={invite.isPending}>
              {t("members.sendInvitation")}
            </Button>
          </div>
        </Form>
      </Dialog>

      <ConfirmDialog
        title={t("members.removeTitle")}
        isOpen={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        onConfirm={confirmRemove}
        confirmLabel={t("members.remove")}
        destructive
        isPending={remove.isPending}
      >
        {t("members.removeText", { name: removing?.username ?? "" })}
      </ConfirmDialog>
      <ConfirmDialog
        title={t("members.leaveTitle")}
        isOpen={leaving}
        onOpenChange={setLeaving}
        onConfirm={confirmLeave}
        confirmLabel={t("members.leave")}
        destructive
        isPending={leave.isPending}
      >
        {t("members.leaveText")}
      </ConfirmDialog>
    </Card>
  );
}
