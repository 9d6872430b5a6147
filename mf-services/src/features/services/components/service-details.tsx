import type { Service } from "@contracts/services.ts";
import { Card, serviceSpecs, shortServiceId } from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import { ipv4Text, ServiceStatusBadge } from "./service-status";
import * as styles from "./services.css";

/** SPEC §2: id shortened to 16 characters, connection (reseller) id, type, IPv4, RAM, CPU, storage. */
export function ServiceDetails({ service }: { service: Service }) {
  const t = useT();
  const specs = serviceSpecs(service);
  const rows: [string, string, boolean][] = [
    [t("details.serviceId"), shortServiceId(service.id), true],
    // Null until the provider has made the server.
    [
      t("details.connectionId"),
      service.reseller_id === null ? "—" : String(service.reseller_id),
      false,
    ],
    [t("details.type"), service.service_type.toUpperCase(), false],
    [t("details.ipv4"), ipv4Text(service, t), Boolean(service.ipv4)],
    [t("details.ram"), specs.ram, false],
    [t("details.cpu"), specs.cpu, false],
    [t("details.storage"), specs.storage, false],
  ];
  return (
    <Card
      as="section"
      title={t("details.title")}
      actions={<ServiceStatusBadge status={service.service_status} />}
    >
      <dl className={styles.details}>
        {rows.map(([label, value, mono]) => (
          <div key={label} style={{ display: "contents" }}>
            <dt className={styles.term}>{label}</dt>
            <dd className={`${styles.value} ${mono ? styles.mono : ""}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
