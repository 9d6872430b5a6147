import { useUserPages } from "../features/users/api/get-users";
import { CreateUserDialog } from "../features/users/components/create-user-dialog";
import { UsersTable } from "../features/users/components/users-table";
import { useT } from "../i18n";
import { AdminListPage } from "../lib/admin-list-page";

/** /admin/users (SPEC §2): all profiles newest first, credits, status, create and remove. */
export default function UsersPage() {
  const t = useT();
  return (
    <AdminListPage
      title={t("users.title")}
      description={t("users.description")}
      create={{
        label: t("users.create"),
        dialog: (onClose) => <CreateUserDialog onClose={onClose} />,
      }}
      // AdminUserQuery takes a search only.
      filters={[]}
      usePages={useUserPages}
      rowsOf={(page) => page.users}
      noun="user"
      searchDescription={t("users.searchDescription")}
    >
      {(rows) => <UsersTable users={rows} />}
    </AdminListPage>
  );
}
