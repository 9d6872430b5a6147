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
import { useAccountMembers } from "../api/get-account-members";

const ROLE_NAMES = {
  owner: "Owner",
  billing: "Billing",
  technical: "Technical",
  read_only: "Read only",
} as const;

/** The members of the account a user founded (its id is the user's), with their roles. */
export function AccountMembersDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const members = useAccountMembers(user.id);
  return (
    <Dialog
      title={`Members of ${user.username}'s account`}
      isOpen
      onOpenChange={(open) => !open && onClose()}
    >
      {members.isPending ? (
        <Skeleton height="64px" />
      ) : members.isError ? (
        <EmptyState title="Could not load the members" description="Please try again." />
      ) : (
        <Table aria-label="Account members">
          <TableHeader>
            <Column isRowHeader>User</Column>
            <Column>Role</Column>
            <Column>Joined</Column>
          </TableHeader>
          <TableBody
            items={members.data.members.map((m) => ({ ...m, id: m.user_id }))}
            dependencies={[]}
          >
            {(m) => (
              <Row id={m.user_id}>
                <Cell>
                  {m.username} ({m.email})
                </Cell>
                <Cell>{ROLE_NAMES[m.role]}</Cell>
                <Cell>{formatDateTime(m.joined_at)}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
    </Dialog>
  );
}
