import type { AdminUser } from "@contracts/admin.ts";
import {
  Badge,
  Cell,
  formatDateTime,
  formatEur,
  Row,
  richText,
  strong,
  Table,
  TableBody,
  toast,
  useUser,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useT } from "../../../i18n";
import * as styles from "../../../lib/admin.css";
import {
  ActionsCell,
  AdminTableHeader,
  NameAndDetail,
  RemoveButton,
  RemoveDialog,
  RowAction,
} from "../../../lib/admin-table";
import { useRemoveUser } from "../api/remove-user";
import { useSetUserStatus } from "../api/set-user-status";
import { AccountMembersDialog } from "./account-members-dialog";
import { CreditsDialog } from "./credits-dialog";

export function UsersTable({ users }: { users: AdminUser[] }) {
  const t = useT();
  const me = useUser();
  const [creditsFor, setCreditsFor] = useState<AdminUser | null>(null);
  const [removing, setRemoving] = useState<AdminUser | null>(null);
  const [membersOf, setMembersOf] = useState<AdminUser | null>(null);
  const setStatus = useSetUserStatus();
  const remove = useRemoveUser();
  // Rows read these, so they are the table body's dependencies (see shared-ui TableBody).
  const myId = me?.id;
  const statusPendingId = setStatus.isPending ? setStatus.variables?.userId : undefined;

  return (
    <>
      <Table aria-label={t("users.table")}>
        <AdminTableHeader
          columns={[
            t("users.col.user"),
            t("users.col.credits"),
            t("users.col.status"),
            t("users.col.ordersServices"),
            t("users.col.joined"),
          ]}
          actions={t("users.col.actions")}
        />
        <TableBody
          items={users}
          dependencies={[myId, statusPendingId, t]}
          emptyText={t("users.empty")}
        >
          {(u) => (
            <Row id={u.id}>
              <Cell>
                <NameAndDetail
                  name={
                    <>
                      {u.username}{" "}
                      {u.is_admin && <Badge tone="info">{t("users.adminBadge")}</Badge>}
                    </>
                  }
                  detail={u.email}
                />
              </Cell>
              <Cell>
                <span className={styles.money} data-testid={`credits-${u.username}`}>
                  {formatEur(u.credits)}
                </span>
              </Cell>
              <Cell>
                <Badge status={u.status} />
              </Cell>
              <Cell>
                {u.orders_count} / {u.services_count}
              </Cell>
              <Cell>
                <span className={`${styles.muted} ${styles.date}`}>
                  {formatDateTime(u.created_at)}
                </span>
              </Cell>
              <ActionsCell>
                <RowAction
                  label={t("users.creditsFor", { name: u.username })}
                  onPress={() => setCreditsFor(u)}
                >
                  {t("users.credits")}
                </RowAction>
                <RowAction
                  label={t("users.membersOf", { name: u.username })}
                  onPress={() => setMembersOf(u)}
                >
                  {t("users.members")}
                </RowAction>
                {u.id !== myId && (
                  <>
                    <RowAction
                      label={t(u.status === "active" ? "users.suspendName" : "users.activateName", {
                        name: u.username,
                      })}
                      isPending={statusPendingId === u.id}
                      onPress={() =>
                        setStatus.mutate(
                          {
                            userId: u.id,
                            status: u.status === "active" ? "suspended" : "active",
                          },
                          {
                            onSuccess: (user) =>
                              toast.success(
                                t(user.status === "active" ? "users.activated" : "users.suspended"),
                                t(
                                  user.status === "active"
                                    ? "users.activatedDetail"
                                    : "users.suspendedDetail",
                                  { name: user.username },
                                ),
                              ),
                          },
                        )
                      }
                    >
                      {t(u.status === "active" ? "users.suspend" : "users.activate")}
                    </RowAction>
                    <RemoveButton
                      label={t("users.remove", { name: u.username })}
                      onPress={() => setRemoving(u)}
                    />
                  </>
                )}
              </ActionsCell>
            </Row>
          )}
        </TableBody>
      </Table>
      {creditsFor && <CreditsDialog user={creditsFor} onClose={() => setCreditsFor(null)} />}
      {membersOf && <AccountMembersDialog user={membersOf} onClose={() => setMembersOf(null)} />}
      {removing && (
        <RemoveDialog
          title={t("users.removeTitle", { name: removing.username })}
          confirmLabel={t("users.removeConfirm")}
          id={removing.id}
          remove={remove}
          onRemoved={() =>
            toast.success(t("users.removed"), t("users.removedDetail", { name: removing.username }))
          }
          onClose={() => setRemoving(null)}
        >
          <p>
            {richText(
              t("users.removeWarning", {
                email: removing.email,
                orders: removing.orders_count,
                services: removing.services_count,
              }),
              [strong],
            )}
          </p>
          {removing.credits !== "0.00" && (
            <p>{t("users.removeBalance", { balance: formatEur(removing.credits) })}</p>
          )}
        </RemoveDialog>
      )}
    </>
  );
}
