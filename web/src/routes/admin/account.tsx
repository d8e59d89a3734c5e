import { PageHeader } from "../../components/admin/page-header";
import { PasskeysSection } from "../../features/account/passkeys-section";
import { SessionsSection } from "../../features/account/sessions-section";

/** /admin/account: 'Account & security', the signed-in person's own sign-in settings, one section each. */
export default function AccountPage() {
  return (
    <div>
      <PageHeader title="Account & security" description="How you sign in, and where you are signed in." />
      <div className="space-y-6">
        <PasskeysSection />
        <SessionsSection />
      </div>
    </div>
  );
}
