import { useUserPages } from "../features/users/api/get-users";
import { CreateUserDialog } from "../features/users/components/create-user-dialog";
import { UsersTable } from "../features/users/components/users-table";
import { AdminListPage } from "../lib/admin-list-page";

/** /admin/users (SPEC §2): all profiles newest first, credits, status, create and remove. */
export default function UsersPage() {
  return (
    <AdminListPage
      title="Manage Users"
      description="All customers, newest first, with credit management."
      create={{ label: "Create user", dialog: (onClose) => <CreateUserDialog onClose={onClose} /> }}
      // AdminUserQuery takes a search only.
      filters={[]}
      usePages={useUserPages}
      rowsOf={(page) => page.users}
      noun={{ one: "user", other: "users" }}
      searchDescription="Username, email, or the start of the id"
    >
      {(rows) => <UsersTable users={rows} />}
    </AdminListPage>
  );
}
