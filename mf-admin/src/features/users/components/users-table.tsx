import type { AdminUser } from "@contracts/admin.ts";
import {
  Badge,
  Cell,
  formatDateTime,
  formatEur,
  Row,
  Table,
  TableBody,
  toast,
  useUser,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
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
      <Table aria-label="Users">
        <AdminTableHeader
          columns={["User", "Credits", "Status", "Orders / services", "Joined"]}
          actions="Actions"
        />
        <TableBody items={users} dependencies={[myId, statusPendingId]} emptyText="No users yet">
          {(u) => (
            <Row id={u.id}>
              <Cell>
                <NameAndDetail
                  name={
                    <>
                      {u.username} {u.is_admin && <Badge tone="info">admin</Badge>}
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
                <RowAction label={`Credits for ${u.username}`} onPress={() => setCreditsFor(u)}>
                  Credits
                </RowAction>
                <RowAction
                  label={`Members of ${u.username}'s account`}
                  onPress={() => setMembersOf(u)}
                >
                  Members
                </RowAction>
                {u.id !== myId && (
                  <>
                    <RowAction
                      label={`${u.status === "active" ? "Suspend" : "Activate"} ${u.username}`}
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
                                user.status === "active" ? "User activated" : "User suspended",
                                user.status === "active"
                                  ? `${user.username} can sign in again.`
                                  : `${user.username} is signed out and cannot sign in.`,
                              ),
                          },
                        )
                      }
                    >
                      {u.status === "active" ? "Suspend" : "Activate"}
                    </RowAction>
                    <RemoveButton label={`Remove ${u.username}`} onPress={() => setRemoving(u)} />
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
          title={`Remove ${removing.username}?`}
          confirmLabel="Remove user"
          id={removing.id}
          remove={remove}
          onRemoved={() =>
            toast.success(
              "User removed",
              `${removing.username} and everything they owned were deleted.`,
            )
          }
          onClose={() => setRemoving(null)}
        >
          <p>
            This permanently deletes the account <strong>{removing.email}</strong> together with its{" "}
            {removing.orders_count} order(s), {removing.services_count} service(s), sessions and
            transaction history. The audit log keeps a record of what was removed. This cannot be
            undone.
          </p>
          {removing.credits !== "0.00" && (
            <p>
              The balance is {formatEur(removing.credits)}: remove the credits first, so the ledger
              records where the money went. Until then the removal is refused.
            </p>
          )}
        </RemoveDialog>
      )}
    </>
  );
}
