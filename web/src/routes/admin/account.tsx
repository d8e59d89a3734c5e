import { PageHeader } from "../../components/admin/page-header";
import { LoadFailed } from "../../components/admin/load-failed";
import { Spinner } from "../../components/spinner";
import { useAccount } from "../../features/account/api";
import { PasskeysSection } from "../../features/account/passkeys-section";
import { PasswordSection } from "../../features/account/password-section";
import { ReauthDialog } from "../../features/account/reauth";
import { RequireTwoFactorSection } from "../../features/account/require-two-factor-section";
import { SessionsSection } from "../../features/account/sessions-section";
import { TotpSection } from "../../features/account/totp-section";
import { useCan } from "../../features/session/api";

/**
 * /admin/account: 'Account & security', the signed-in person's own sign-in settings, one section
 * each: the authenticator app, passkeys, the password (username accounts), where they are signed in; and for an owner, whether the
 * team must use two-factor.
 */
export default function AccountPage() {
  const account = useAccount();
  const can = useCan();
  if (account.isPending) return <Spinner label="Loading your account" />;
  if (account.isError) {
    return (
      <div>
        <PageHeader title="Account & security" />
        <LoadFailed onRetry={() => account.refetch()} />
      </div>
    );
  }
  const a = account.data;
  return (
    <div className="max-w-3xl">
      <PageHeader title="Account & security" description={a.username ? `Signed in as @${a.username}` : a.email ? `Signed in as ${a.email}` : undefined} />
      {a.setup_required && (
        <p role="alert" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Your team requires two-factor sign-in. Set up an authenticator app or add a passkey to continue to the rest of the admin area.
        </p>
      )}
      <div className="space-y-6">
        <TotpSection account={a} />
        <PasskeysSection account={a} />
        {a.username && <PasswordSection />}
        <SessionsSection />
        {!a.setup_required && can("team") && <RequireTwoFactorSection />}
      </div>
      <ReauthDialog account={a} />
    </div>
  );
}
