import type { AdminUser } from "@contracts/admin.ts";
import {
  Cell,
  Column,
  Dialog,
  EmptyState,
  formatDateTime,
  Row,
  Skeleton,
  Table,
  TableBody,
  TableHeader,
} from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import { useAccountMembers } from "../api/get-account-members";

/** The members of the account a user founded (its id is the user's), with their roles. */
export function AccountMembersDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const t = useT();
  const members = useAccountMembers(user.id);
  return (
    <Dialog
      title={t("users.membersOf", { name: user.username })}
      isOpen
      onOpenChange={(open) => !open && onClose()}
    >
      {members.isPending ? (
        <Skeleton height="64px" />
      ) : members.isError ? (
        <EmptyState title={t("members.loadFailed")} description={t("mutation.tryAgain")} />
      ) : (
        <Table aria-label={t("members.table")}>
          <TableHeader>
            <Column isRowHeader>{t("members.col.user")}</Column>
            <Column>{t("members.col.role")}</Column>
            <Column>{t("members.col.joined")}</Column>
          </TableHeader>
          <TableBody
            items={members.data.members.map((m) => ({ ...m, id: m.user_id }))}
            dependencies={[t]}
          >
            {(m) => (
              <Row id={m.user_id}>
                <Cell>
                  {m.username} ({m.email})
                </Cell>
                <Cell>{t(`members.role.${m.role}`)}</Cell>
                <Cell>{formatDateTime(m.joined_at)}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
    </Dialog>
  );
}
