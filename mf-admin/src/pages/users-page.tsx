import { Button, Page, PageHeader } from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useUserPages } from "../features/users/api/get-users";
import { CreateUserDialog } from "../features/users/components/create-user-dialog";
import { UsersTable } from "../features/users/components/users-table";
import * as styles from "../lib/admin.css";
import { type ListFilter, useListParams } from "../lib/admin-list";
import { ListBody, ListToolbar } from "../lib/admin-list-view";

/** AdminUserQuery takes a search only. */
const filters: readonly ListFilter[] = [];

/** /admin/users (SPEC §2): all profiles newest first, credits, status, create and remove. */
export default function UsersPage() {
  const params = useListParams(filters);
  const users = useUserPages(params.query);
  const [creating, setCreating] = useState(false);
  return (
    <Page>
      <PageHeader
        title="Manage Users"
        description="All customers, newest first, with credit management."
        actions={<Button onPress={() => setCreating(true)}>Create user</Button>}
      />
      <div className={styles.tablePanel}>
        <ListToolbar
          params={params}
          filters={filters}
          searchLabel="Search users"
          searchDescription="Username, email, or the start of the id"
        />
        <ListBody
          pages={users}
          rowsOf={(page) => page.users}
          params={params}
          noun={{ one: "user", other: "users" }}
          errorTitle="Could not load users"
        >
          {(rows) => <UsersTable users={rows} />}
        </ListBody>
      </div>
      {creating && <CreateUserDialog onClose={() => setCreating(false)} />}
    </Page>
  );
}
