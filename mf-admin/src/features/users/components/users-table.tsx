import type { AdminUser } from "@contracts/admin.ts";
import {
  Badge,
  Button,
  Cell,
  Column,
  ConfirmDialog,
  formatDateTime,
  formatEur,
  Row,
  Table,
  TableBody,
  TableHeader,
  toast,
  useUser,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import * as styles from "../../../lib/admin.css";
import { useRemoveUser } from "../api/remove-user";
import { useSetUserStatus } from "../api/set-user-status";
import { CreditsDialog } from "./credits-dialog";

export function UsersTable({ users }: { users: AdminUser[] }) {
  const me = useUser();
  const [creditsFor, setCreditsFor] = useState<AdminUser | null>(null);
  const [removing, setRemoving] = useState<AdminUser | null>(null);
  const setStatus = useSetUserStatus();
  const remove = useRemoveUser();
  // Rows read these, so they are the table body's dependencies (see shared-ui TableBody).
  const myId = me?.id;
  const statusPendingId = setStatus.isPending ? setStatus.variables?.userId : undefined;

  return (
    <>
      <Table aria-label="Users">
        <TableHeader>
          <Column isRowHeader>User</Column>
          <Column>Credits</Column>
          <Column>Status</Column>
          <Column>Orders / services</Column>
          <Column>Joined</Column>
          <Column>
            <span className={styles.actions}>Actions</span>
          </Column>
        </TableHeader>
        <TableBody items={users} dependencies={[myId, statusPendingId]} emptyText="No users yet">
          {(u) => (
            <Row id={u.id}>
              <Cell>
                <div className={styles.stack}>
                  <span className={styles.primaryText}>
                    {u.username} {u.is_admin && <Badge tone="info">admin</Badge>}
                  </span>
                  <span className={styles.muted}>{u.email}</span>
                </div>
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
              <Cell>
                <div className={styles.actions}>
                  <Button
                    size="sm"
                    variant="secondary"
                    onPress={() => setCreditsFor(u)}
                    aria-label={`Credits for ${u.username}`}
                  >
                    Credits
                  </Button>
                  {u.id !== myId && (
                    <>
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`${u.status === "active" ? "Suspend" : "Activate"} ${u.username}`}
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
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        onPress={() => setRemoving(u)}
                        aria-label={`Remove ${u.username}`}
                      >
                        Remove
                      </Button>
                    </>
                  )}
                </div>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {creditsFor && <CreditsDialog user={creditsFor} onClose={() => setCreditsFor(null)} />}
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.username}?`}
          isOpen
          onOpenChange={(open) => !open && setRemoving(null)}
          destructive
          confirmLabel="Remove user"
          isPending={remove.isPending}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                toast.success(
                  "User removed",
                  `${removing.username} and everything they owned were deleted.`,
                );
                setRemoving(null);
              },
            })
          }
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
        </ConfirmDialog>
      )}
    </>
  );
}
