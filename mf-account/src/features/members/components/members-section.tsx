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

/** What each role may do, as the choices and the list say it. */
export const ROLE_LABELS: Record<AccountRole, string> = {
  owner: "Owner: everything, members and API tokens",
  billing: "Billing: top-ups, invoices, orders",
  technical: "Technical: servers",
  read_only: "Read only",
};
const ROLE_NAMES: Record<AccountRole, string> = {
  owner: "Owner",
  billing: "Billing",
  technical: "Technical",
  read_only: "Read only",
};

const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiError ? err.message : fallback;

/**
 * Settings → Members: the people sharing the account this session acts on. Everyone sees the
 * list and may leave; only an owner invites, changes roles and removes (the API refuses the
 * others whatever this page shows).
 */
export function MembersSection() {
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
        toast.success("Invitation sent", `${answer.email} can accept it within 7 days.`);
      },
      onError: (err) => toast.error("Error", errorText(err, "Could not send the invitation.")),
    });
  };

  const onRole = (m: Member, next: string) => {
    if (next === m.role) return;
    changeRole.mutate(
      { userId: m.user_id, role: next as AccountRole },
      {
        onSuccess: () =>
          toast.success("Role changed", `${m.username} is now ${ROLE_NAMES[next as AccountRole]}.`),
        onError: (err) => toast.error("Error", errorText(err, "Could not change the role.")),
      },
    );
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.user_id, {
      onSuccess: () => {
        toast.success("Member removed", `${removing.username} no longer has access.`);
        setRemoving(null);
      },
      onError: (err) => toast.error("Error", errorText(err, "Could not remove the member.")),
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
        toast.error("Error", errorText(err, "Could not leave the account."));
      },
    });

  return (
    <Card
      as="section"
      title="Members"
      description="People who share this account, each with a role. The balance, services and orders belong to the account."
      actions={
        isOwner ? (
          <Button size="sm" variant="secondary" onPress={() => setInviting(true)}>
            Invite member
          </Button>
        ) : undefined
      }
    >
      {members.isPending ? (
        <Skeleton height="96px" />
      ) : members.isError ? (
        <EmptyState
          title="Could not load the members"
          description={errorText(members.error, "Please try again.")}
          action={
            <Button size="sm" variant="secondary" onPress={() => members.refetch()}>
              Retry
            </Button>
          }
        />
      ) : (
        <div className={styles.fields}>
          <Table aria-label="Members">
            <TableHeader>
              <Column isRowHeader>Name</Column>
              <Column>Email</Column>
              <Column>Role</Column>
              <Column>Joined</Column>
              <Column>
                <span className={styles.srOnly}>Actions</span>
              </Column>
            </TableHeader>
            <TableBody items={list.map((m) => ({ ...m, id: m.user_id }))} dependencies={[isOwner]}>
              {(m) => (
                <Row id={m.user_id}>
                  <Cell>{m.you ? `${m.username} (you)` : m.username}</Cell>
                  <Cell>{m.email}</Cell>
                  <Cell>
                    {isOwner ? (
                      <Select
                        label={`Role of ${m.username}`}
                        value={m.role}
                        onValueChange={(v) => onRole(m, v)}
                      >
                        {ACCOUNT_ROLES.map((r) => (
                          <option key={r} value={r}>
                            {ROLE_NAMES[r]}
                          </option>
                        ))}
                      </Select>
                    ) : (
                      ROLE_NAMES[m.role]
                    )}
                  </Cell>
                  <Cell>{formatDateTime(m.joined_at)}</Cell>
                  <Cell>
                    {m.you ? (
                      <Button size="sm" variant="ghost" onPress={() => setLeaving(true)}>
                        Leave
                      </Button>
                    ) : isOwner ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Remove ${m.username}`}
                        onPress={() => setRemoving(m)}
                      >
                        Remove
                      </Button>
                    ) : null}
                  </Cell>
                </Row>
              )}
            </TableBody>
          </Table>
          {invitations.length > 0 && (
            <Table aria-label="Open invitations">
              <TableHeader>
                <Column isRowHeader>Invited</Column>
                <Column>Role</Column>
                <Column>Expires</Column>
                <Column>
                  <span className={styles.srOnly}>Actions</span>
                </Column>
              </TableHeader>
              <TableBody items={invitations} dependencies={[revokeInvitation.isPending]}>
                {(i) => (
                  <Row id={i.id}>
                    <Cell>{i.email}</Cell>
                    <Cell>{ROLE_NAMES[i.role]}</Cell>
                    <Cell>{formatDateTime(i.expires_at)}</Cell>
                    <Cell>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Withdraw the invitation of ${i.email}`}
                        onPress={() =>
                          revokeInvitation.mutate(i.id, {
                            onError: (err) =>
                              toast.error("Error", errorText(err, "Could not withdraw it.")),
                          })
                        }
                      >
                        Withdraw
                      </Button>
                    </Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          )}
        </div>
      )}

      <Dialog title="Invite a member" isOpen={inviting} onOpenChange={setInviting}>
        <Form
          onSubmit={onInvite}
          validationErrors={form.errors}
          validationBehavior="aria"
          className={styles.form}
        >
          <div className={styles.fields} onInput={form.clear}>
            <TextField label="Email" name="email" type="email" />
            <Select
              label="Role"
              name="role"
              defaultValue="read_only"
              errorMessage={form.errors.role}
            >
              {ACCOUNT_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </Select>
            <p className={styles.hint}>
              They get a mail with a link that works once, for 7 days. The owners are told.
            </p>
            <Button type="submit" isPending={invite.isPending}>
              Send invitation
            </Button>
          </div>
        </Form>
      </Dialog>

      <ConfirmDialog
        title="Remove this member?"
        isOpen={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        onConfirm={confirmRemove}
        confirmLabel="Remove"
        destructive
        isPending={remove.isPending}
      >
        {removing?.username} loses access to this account at once.
      </ConfirmDialog>
      <ConfirmDialog
        title="Leave this account?"
        isOpen={leaving}
        onOpenChange={setLeaving}
        onConfirm={confirmLeave}
        confirmLabel="Leave"
        destructive
        isPending={leave.isPending}
      >
        You lose access to this account's services and balance until an owner invites you again.
      </ConfirmDialog>
    </Card>
  );
}
