import { type Service, serviceMessages } from "@contracts/services.ts";
import { useNavigate } from "@hosting-portal/router";
import {
  Button,
  Cell,
  Column,
  contractMessage,
  EmptyState,
  Row,
  shortId,
  Table,
  TableBody,
  TableHeader,
} from "@hosting-portal/shared-ui";
import { useT } from "../../../dashboard-i18n";
import { ipv4Text, manageButton, ServiceStatusBadge } from "./service-status";
import * as styles from "./services.css";

/**
 * SPEC §2 dashboard table: short id, type, status, IPv4 and a Manage button. Every state is
 * listed, terminated ones included: the dashboard is also the customer's history.
 */
export function ServicesTable({ services }: { services: Service[] }) {
  const navigate = useNavigate();
  const t = useT();
  if (services.length === 0) return <EmptyState title={contractMessage(serviceMessages.empty)} />;
  return (
    <Table aria-label={t("table.label")}>
      <TableHeader>
        <Column isRowHeader>{t("table.id")}</Column>
        <Column>{t("table.type")}</Column>
        <Column>{t("table.status")}</Column>
        <Column>{t("table.ipv4")}</Column>
        <Column>
          <span className={styles.srOnly}>{t("table.actions")}</span>
        </Column>
      </TableHeader>
      <TableBody items={services} dependencies={[navigate, t]}>
        {(s) => {
          const manage = manageButton(s, t);
          return (
            <Row id={s.id}>
              <Cell>
                <span className={styles.mono}>{shortId(s.id)}</span>
              </Cell>
              <Cell>{s.service_type.toUpperCase()}</Cell>
              <Cell>
                <ServiceStatusBadge status={s.service_status} />
              </Cell>
              <Cell>
                <span className={s.ipv4 ? styles.mono : styles.muted}>{ipv4Text(s, t)}</span>
              </Cell>
              <Cell>
                <Button
                  size="sm"
                  variant={manage.enabled ? "primary" : "secondary"}
                  isDisabled={!manage.enabled}
                  aria-label={`${manage.label} ${shortId(s.id)}`}
                  onPress={() => navigate(`/service/${s.id}`)}
                >
                  {manage.label}
                </Button>
              </Cell>
            </Row>
          );
        }}
      </TableBody>
    </Table>
  );
}
