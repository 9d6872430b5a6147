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
  richText,
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
import { useT } from "../../../i18n";
import * as styles from "../../settings/components/settings.css";
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from "../api/api-tokens";

/** The scopes in the order the choice lists them (each says what it lets a script do). */
const SCOPES: ApiTokenScope[] = ["read_only", "technical", "billing", "full"];

const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiError ? err.message : fallback;

/**
 * Settings → API tokens: tokens for the customer's own scripts (README, "API tokens"). A new
 * token is shown once, in a dialog, to be copied; the list shows each token's first characters,
 * scope, expiry and last use; revoking one stops it at once.
 */
export function ApiTokensSection() {
  const t = useT();
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
      onError: (err) => toast.error(t("error"), errorText(err, t("tokens.createFailed"))),
    });
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast.success(t("tokens.revoked"), t("tokens.revokedDetail", { name: revoking.name }));
        setRevoking(null);
      },
      onError: (err) => toast.error(t("error"), errorText(err, t("tokens.revokeFailed"))),
    });
  };

  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      toast.success(t("tokens.copied"));
    } catch {
      // No clipboard (an insecure origin, a refused permission): the text stays selectable.
      toast.error(t("tokens.copyFailed"), t("tokens.copyYourself"));
    }
  };

  return (
    <Card
      as="section"
      title={t("tokens.title")}
      description={t("tokens.description")}
      actions={
        <Button size="sm" variant="secondary" onPress={() => setCreating(true)}>
          {t("tokens.create")}
        </Button>
      }
    >
      {tokens.isPending ? (
        <Skeleton height="96px" />
      ) : tokens.isError ? (
        <EmptyState
          title={t("tokens.loadFailed")}
          description={errorText(tokens.error, t("tryAgainLater"))}
          action={
            <Button size="sm" variant="secondary" onPress={() => tokens.refetch()}>
              {t("retry")}
            </Button>
          }
        />
      ) : list.length === 0 ? (
        <EmptyState title={t("tokens.none")} description={t("tokens.noneHint")} />
      ) : (
        <Table aria-label={t("tokens.title")}>
          <TableHeader>
            <Column isRowHeader>{t("tokens.name")}</Column>
            <Column>{t("tokens.scope")}</Column>
            <Column>{t("tokens.token")}</Column>
            <Column>{t("tokens.expires")}</Column>
            <Column>{t("tokens.lastUsed")}</Column>
            <Column>
              <span className={styles.srOnly}>{t("sessions.actions")}</span>
            </Column>
          </TableHeader>
          <TableBody items={list} dependencies={[revoke.isPending, t]}>
            {(token) => (
              <Row id={token.id}>
                <Cell>{token.name}</Cell>
                <Cell>{t(`tokens.scope.${token.scope}`)}</Cell>
                <Cell>{token.prefix}…</Cell>
                <Cell>
                  {token.expires_at ? formatDateTime(token.expires_at) : t("tokens.never")}
                </Cell>
                <Cell>
                  {token.last_used_at
                    ? t("tokens.usedFrom", {
                        when: formatDateTime(token.last_used_at),
                        address: token.last_used_ip ?? t("tokens.unknown"),
                      })
                    : t("tokens.never")}
                </Cell>
                <Cell>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t("tokens.revokeLabel", { name: token.name })}
                    onPress={() => setRevoking(token)}
                  >
                    {t("tokens.revoke")}
                  </Button>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}

      <Dialog title={t("tokens.createTitle")} isOpen={creating} onOpenChange={setCreating}>
        <Form
          onSubmit={onSubmit}
          validationErrors={form.errors}
          validationBehavior="aria"
          className={styles.form}
        >
          <div className={styles.fields} onInput={form.clear}>
            <TextField label={t("tokens.name")} name="name" description={t("tokens.nameHint")} />
            <Select
              label={t("tokens.scope")}
              name="scope"
              defaultValue="read_only"
              errorMessage={form.errors.scope}
            >
              {SCOPES.map((scope) => (
                <option key={scope} value={scope}>
                  {t(`tokens.scope.${scope}`)}
                </option>
              ))}
            </Select>
            <Select
              label={t("tokens.expires")}
              name="expires_in_days"
              defaultValue="90"
              errorMessage={form.errors.expires_in_days}
            >
              <option value="30">{t("tokens.in30")}</option>
              <option value="90">{t("tokens.in90")}</option>
              <option value="365">{t("tokens.inYear")}</option>
              <option value="">{t("tokens.never")}</option>
            </Select>
            <Button type="submit" isPending={create.isPending}>
              {t("tokens.create")}
            </Button>
          </div>
        </Form>
      </Dialog>

      <Dialog
        title={t("tokens.newTitle")}
        isOpen={created !== null}
        onOpenChange={(open) => !open && setCreated(null)}
      >
        <div className={styles.fields}>
          <p className={styles.hint}>
            {richText(t("tokens.copyNow"), [(text) => <code>{text}</code>])}
          </p>
          <TextField
            label={t("tokens.apiToken")}
            value={created ?? ""}
            isReadOnly
            spellCheck="false"
          />
          <Button variant="secondary" onPress={() => created && void copy(created)}>
            {t("tokens.copy")}
          </Button>
        </div>
      </Dialog>

      <ConfirmDialog
        title={t("tokens.revokeTitle")}
        isOpen={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        onConfirm={confirmRevoke}
        confirmLabel={t("tokens.revoke")}
        destructive
        isPending={revoke.isPending}
      >
        {t("tokens.revokeText", { name: revoking?.name ?? "" })}
      </ConfirmDialog>
    </Card>
  );
}
