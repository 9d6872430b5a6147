import { Button, EmptyState, Page, PageHeader, Skeleton } from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useUsers } from "../features/users/api/get-users";
import { CreateUserDialog } from "../features/users/components/create-user-dialog";
import { UsersTable } from "../features/users/components/users-table";
import * as styles from "../lib/admin.css";

/** /admin/users (SPEC §2): all profiles newest first, credits, status, create and remove. */
export default function UsersPage() {
  const users = useUsers();
  const [creating, setCreating] = useState(false);
  return (
    <Page>
      <PageHeader
        title="Manage Users"
        description="All customers, newest first, with credit management."
        actions={<Button onPress={() => setCreating(true)}>Create user</Button>}
      />
      <div className={styles.tablePanel}>
        {users.isPending ? (
          <Skeleton height="240px" />
        ) : users.isError ? (
          <EmptyState
            title="Could not load users"
            description={users.error.message}
            action={<Button onPress={() => users.refetch()}>Retry</Button>}
          />
        ) : (
          <UsersTable users={users.data} />
        )}
      </div>
      {creating && <CreateUserDialog onClose={() => setCreating(false)} />}
    </Page>
  );
}
