import type { PagePrefetch } from "@contracts/remote-registry.ts";
import { queryClient } from "@hosting-portal/shared-ui";
import { userPagesQueryOptions, useUserPages } from "../features/users/api/get-users";
import { CreateUserDialog } from "../features/users/components/create-user-dialog";
import { UsersTable } from "../features/users/components/users-table";
import { useT } from "../i18n";
import { type ListFilter, readListParams } from "../lib/admin-list";
import { AdminListPage } from "../lib/admin-list-page";

// AdminUserQuery takes a search only.
const filters: readonly ListFilter[] = [];

/** The list's first page for the URL's search, asked for by the shell before the page renders. */
export const prefetch: PagePrefetch = ({ search }) =>
  queryClient.prefetchInfiniteQuery(
    userPagesQueryOptions(readListParams(new URLSearchParams(search), filters).query),
  );

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
      filters={filters}
      usePages={useUserPages}
      rowsOf={(page) => page.users}
      noun="user"
      searchDescription={t("users.searchDescription")}
    >
      {(rows) => <UsersTable users={rows} />}
    </AdminListPage>
  );
}
