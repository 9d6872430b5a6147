import { Page, PageHeader } from "@hosting-portal/shared-ui";
import { ApiTokensSection } from "../features/api-tokens/components/api-tokens-section";
import { PaymentNotices } from "../features/billing/components/payment-notices";
import { BillingDetailsForm } from "../features/invoices/components/billing-details-form";
import { useMyRole } from "../features/members/api/members";
import { InvitationCard } from "../features/members/components/invitation-card";
import { MembersSection } from "../features/members/components/members-section";
import { TwoFactorSection } from "../features/mfa/components/two-factor-section";
import { ChangePasswordForm } from "../features/settings/components/change-password-form";
import { NotificationSettingsForm } from "../features/settings/components/notification-settings-form";
import { ProfileCard } from "../features/settings/components/profile-card";
import { SessionsSection } from "../features/settings/components/sessions-section";
import { useT } from "../i18n";

/**
 * /settings (SPEC §2): profile and balance, billing details, password, two-factor sign-in, and
 * the sessions where the account is signed in, and the API tokens of the customer's scripts.
 */
export default function SettingsPage() {
  const t = useT();
  // Pages hide what the role may not do (the API refuses it anyway): tokens are the owner's,
  // billing details the owner's and billing's.
  const role = useMyRole();
  return (
    <Page>
      <PageHeader title={t("settings.title")} description={t("settings.description")} />
      <InvitationCard />
      <ProfileCard />
      <PaymentNotices />
      {(role === "owner" || role === "billing") && <BillingDetailsForm />}
      <ChangePasswordForm />
      <NotificationSettingsForm />
      <TwoFactorSection />
      <SessionsSection />
      <MembersSection />
      {role === "owner" && <ApiTokensSection />}
    </Page>
  );
}
