import {
  type ApiTokenInfo,
  type ApiTokenScope,
  CreateApiTokenBody,
} from "@contracts/api-tokens.ts";
import {
  ApiError,
  Button,
  Card,
  Cell,
  Column,
  ConfirmDialog,
  Dialog,
  EmptyState,
  Form,
  formatDateTime,
  formValues,
  Row,
  Select,
  Skeleton,
  Table,
  TableBody,
  TableHeader,
  TextField,
  toast,
  useFormErrors,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import * as styles from "../../settings/components/settings.css";
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from "../api/api-tokens";

/** What each scope lets a script do, as the choice and the list say it. */
export const SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read_only: "Read only",
  technical: "Technical: read, control servers",
  billing: "Billing: read, pay and buy",
  full: "Full: read, control servers, pay and buy",
};

const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiError ? err.message : fallback;

/**
 * Settings → API tokens: tokens for the customer's own scripts (README, "API tokens"). A new
 * token is shown once, in a dialog, to be copied; the list shows each token's first characters,
 * scope, expiry and last use; revoking one stops it at once.
 */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const form = useFormErrors();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenInfo | null>(null);
  const list = tokens.data ?? [];

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = formValues(e.currentTarget);
    const days = String(values.expires_in_days ?? "");
    const parsed = form.validate(CreateApiTokenBody, {
      name: values.name,
      scope: values.scope,
      ...(days ? { expires_in_days: Number(days) } : {}),
    });
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        setCreating(false);
        setCreated(answer.token);
      },
      onError: (err) => toast.error("Error", errorText(err, "Could not create the token.")),
    });
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast.success("Token revoked", `${revoking.name} no longer works.`);
        setRevoking(null);
      },
      onError: (err) => toast.error("Error", errorText(err, "Could not revoke the token.")),
    });
  };

  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      toast.success("Copied to clipboard");
    } catch {
      // No clipboard (an insecure origin, a refused permission): the text stays selectable.
      toast.error("Could not copy", "Select the token and copy it yourself.");
    }
  };

  return (
    <Card
      as="section"
      title="API tokens"
      description="Tokens let your own scripts use the portal's API. Give each the smallest scope it needs; revoke any you no longer use."
      actions={
        <Button size="sm" variant="secondary" onPress={() => setCreating(true)}>
          Create token
        </Button>
      }
    >
      {tokens.isPending ? (
        <Skeleton height="96px" />
      ) : tokens.isError ? (
        <EmptyState
          title="Could not load your API tokens"
          description={errorText(tokens.error, "Please try again.")}
          action={
            <Button size="sm" variant="secondary" onPress={() => tokens.refetch()}>
              Retry
            </Button>
          }
        />
      ) : list.length === 0 ? (
        <EmptyState title="No API tokens" description="Create one for a script or a tool." />
      ) : (
        <Table aria-label="API tokens">
          <TableHeader>
            <Column isRowHeader>Name</Column>
            <Column>Scope</Column>
            <Column>Token</Column>
            <Column>Expires</Column>
            <Column>Last used</Column>
            <Column>
              <span className={styles.srOnly}>Actions</span>
            </Column>
          </TableHeader>
          <TableBody items={list} dependencies={[revoke.isPending]}>
            {(t) => (
              <Row id={t.id}>
                <Cell>{t.name}</Cell>
                <Cell>{SCOPE_LABELS[t.scope]}</Cell>
                <Cell>{t.prefix}…</Cell>
                <Cell>{t.expires_at ? formatDateTime(t.expires_at) : "Never"}</Cell>
                <Cell>
                  {t.last_used_at
                    ? `${formatDateTime(t.last_used_at)} from ${t.last_used_ip ?? "unknown"}`
                    : "Never"}
                </Cell>
                <Cell>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Revoke ${t.name}`}
                    onPress={() => setRevoking(t)}
                  >
                    Revoke
                  </Button>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}

      <Dialog title="Create API token" isOpen={creating} onOpenChange={setCreating}>
        <Form
          onSubmit={onSubmit}
          validationErrors={form.errors}
          validationBehavior="aria"
          className={styles.form}
        >
          <div className={styles.fields} onInput={form.clear}>
            <TextField
              label="Name"
              name="name"
              description="Where you use it, e.g. deploy script"
            />
            <Select
              label="Scope"
              name="scope"
              defaultValue="read_only"
              errorMessage={form.errors.scope}
            >
              {Object.entries(SCOPE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
            <Select
              label="Expires"
              name="expires_in_days"
              defaultValue="90"
              errorMessage={form.errors.expires_in_days}
            >
              <option value="30">In 30 days</option>
              <option value="90">In 90 days</option>
              <option value="365">In a year</option>
              <option value="">Never</option>
            </Select>
            <Button type="submit" isPending={create.isPending}>
              Create token
            </Button>
          </div>
        </Form>
      </Dialog>

      <Dialog
        title="Your new API token"
        isOpen={created !== null}
        onOpenChange={(open) => !open && setCreated(null)}
      >
        <div className={styles.fields}>
          <p className={styles.hint}>
            Copy it now: it is shown only this once. Send it as{" "}
            <code>Authorization: Bearer &lt;token&gt;</code>.
          </p>
          <TextField label="API token" value={created ?? ""} isReadOnly spellCheck="false" />
          <Button variant="secondary" onPress={() => created && void copy(created)}>
            Copy
          </Button>
        </div>
      </Dialog>

      <ConfirmDialog
        title="Revoke this token?"
        isOpen={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        onConfirm={confirmRevoke}
        confirmLabel="Revoke"
        destructive
        isPending={revoke.isPending}
      >
        Scripts using {revoking?.name} stop working at once.
      </ConfirmDialog>
    </Card>
  );
}
