import type { Factor } from "@contracts/factors.ts";
import {
  ApiError,
  Badge,
  Button,
  Card,
  Cell,
  Column,
  EmptyState,
  formatDate,
  Row,
  Skeleton,
  Table,
  TableBody,
  TableHeader,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useT } from "../../../i18n";
import { useFactors } from "../api/get-factors";
import { AddPasskeyDialog } from "./add-passkey-dialog";
import { EnrollTotpDialog } from "./enroll-totp-dialog";
import * as styles from "./mfa.css";
import { RemoveFactorDialog } from "./remove-factor-dialog";

/** The 'Two-factor authentication' section of /settings. */
export function TwoFactorSection() {
  const t = useT();
  const factors = useFactors();
  const [dialog, setDialog] = useState<"totp" | "passkey" | null>(null);
  const [removing, setRemoving] = useState<Factor | null>(null);
  const passkeysSupported = typeof window !== "undefined" && "PublicKeyCredential" in window;

  const list = factors.data ?? [];
  return (
    <Card
      as="section"
      title={t("mfa.title")}
      description={t("mfa.description")}
      actions={
        <div className={styles.actions}>
          <Button size="sm" onPress={() => setDialog("totp")}>
            {t("mfa.setUpTotp")}
          </Button>
          {passkeysSupported && (
            <Button size="sm" variant="secondary" onPress={() => setDialog("passkey")}>
              {t("mfa.addPasskey")}
            </Button>
          )}
        </div>
      }
    >
      {factors.isPending ? (
        <Skeleton height="96px" />
      ) : factors.isError ? (
        <EmptyState
          title={t("mfa.loadFailed")}
          description={factors.error instanceof ApiError ? factors.error.message : undefined}
          action={
            <Button size="sm" variant="secondary" onPress={() => factors.refetch()}>
              {t("retry")}
            </Button>
          }
        />
      ) : list.length === 0 ? (
        <EmptyState title={t("mfa.off")} description={t("mfa.offHint")} />
      ) : (
        <Table aria-label={t("mfa.tableLabel")}>
          <TableHeader>
            <Column isRowHeader>{t("mfa.name")}</Column>
            <Column>{t("mfa.type")}</Column>
            <Column>{t("mfa.status")}</Column>
            <Column>{t("mfa.added")}</Column>
            <Column>
              <span className={styles.srOnly}>{t("sessions.actions")}</span>
            </Column>
          </TableHeader>
          <TableBody items={list} dependencies={[t]}>
            {(f) => (
              <Row id={f.id}>
                <Cell>
                  <span className={styles.name}>{f.friendly_name}</span>
                </Cell>
                <Cell>{t(`mfa.type.${f.factor_type satisfies Factor["factor_type"]}`)}</Cell>
                <Cell>
                  <Badge tone={f.status === "verified" ? "success" : "warning"}>
                    {f.status === "verified" ? t("mfa.verified") : t("mfa.unverified")}
                  </Badge>
                </Cell>
                <Cell>{formatDate(f.created_at)}</Cell>
                <Cell>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t("mfa.removeLabel", { name: f.friendly_name })}
                    onPress={() => setRemoving(f)}
                  >
                    {t("mfa.remove")}
                  </Button>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      <EnrollTotpDialog
        isOpen={dialog === "totp"}
        onOpenChange={(o) => setDialog(o ? "totp" : null)}
      />
      <AddPasskeyDialog
        isOpen={dialog === "passkey"}
        onOpenChange={(o) => setDialog(o ? "passkey" : null)}
      />
      <RemoveFactorDialog factor={removing} factors={list} onClose={() => setRemoving(null)} />
    </Card>
  );
}
