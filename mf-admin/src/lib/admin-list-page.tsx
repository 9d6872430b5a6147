import { Button, Page, PageHeader } from "@hosting-portal/shared-ui";
import { type ReactNode, useState } from "react";
import * as styles from "./admin.css";
import { SearchableList, type SearchableListProps } from "./admin-list-view";

/**
 * An admin page that is one searchable list (orders, services, users): the header, with a create
 * button when the resource has a create dialog, and the list below it.
 */
export function AdminListPage<P, T>({
  title,
  description,
  create,
  after,
  ...list
}: SearchableListProps<P, T> & {
  title: string;
  description: string;
  /** The header's create button ("Create user") and the dialog it opens, given how to close it. */
  create?: { label: string; dialog: (onClose: () => void) => ReactNode };
  /** What the page shows below its list (the orders page: customers' cancellations). */
  after?: ReactNode;
}) {
  const [creating, setCreating] = useState(false);
  return (
    <Page>
      <PageHeader
        title={title}
        description={description}
        actions={create && <Button onPress={() => setCreating(true)}>{create.label}</Button>}
      />
      <div className={styles.tablePanel}>
        <SearchableList {...list} />
      </div>
      {after}
      {create && creating && create.dialog(() => setCreating(false))}
    </Page>
  );
}
