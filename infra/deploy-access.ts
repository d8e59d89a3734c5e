import { Duration } from "aws-cdk-lib";
import { ManagedPolicy, OidcProviderNative, Role, WebIdentityPrincipal, type IOidcProvider } from "aws-cdk-lib/aws-iam";
import { NagSuppressions } from "cdk-nag";
import type { StackContext } from "sst/constructs";

/**
 * The optional DeployAccess stack: what .github/workflows/deploy.yml assumes to deploy, with no AWS
 * keys stored anywhere. GitHub's OIDC provider, and one role per deployed stage that only a token
 * from this repository's workflow can assume:
 * - staging: a run on the main branch (subject `repo:<owner>/<repo>:ref:refs/heads/main`);
 * - prod: a job in the `production` environment, whose required reviewers approve each deploy
 *   (subject `repo:<owner>/<repo>:environment:production`).
 *
 * It is deployed only when asked, by itself, once per AWS account:
 * `DEPLOY_ACCESS=1 GITHUB_REPO=<owner>/<repo> npx sst deploy --stage github` (sst.config.ts then
 * builds this stack alone). An account that already has GitHub's provider passes its ARN as
 * GITHUB_OIDC_PROVIDER_ARN (IAM allows one provider per URL).
 */
export const GITHUB_OIDC_URL = "https://token.actions.githubusercontent.com";
const issuer = "token.actions.githubusercontent.com";

export const deployAccessRequested = (env: NodeJS.ProcessEnv = process.env) => env.DEPLOY_ACCESS?.trim() === "1";

export function deployAccessProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const repo = env.GITHUB_REPO?.trim();
  if (!repo) return ["GITHUB_REPO is not set: the roles trust one repository's workflows, e.g. GITHUB_REPO=acme/agency-site."];
  if (!/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/.test(repo)) return [`GITHUB_REPO: "${repo}" is not <owner>/<repo> (e.g. acme/agency-site).`];
  return [];
}

/** The OIDC subjects each stage's role trusts. */
export function trustedSubjects(repo: string) {
  return {
    staging: `repo:${repo}:ref:refs/heads/main`,
    prod: `repo:${repo}:environment:production`,
  } as const;
}

export function DeployAccess({ stack }: StackContext) {
  const problems = deployAccessProblems();
  if (problems.length) throw new Error(problems.join("\n"));
  const repo = process.env.GITHUB_REPO!.trim();
  const existing = process.env.GITHUB_OIDC_PROVIDER_ARN?.trim();
  const provider: IOidcProvider = existing
    ? OidcProviderNative.fromOidcProviderArn(stack, "GitHubOidc", existing)
    : new OidcProviderNative(stack, "GitHubOidc", { url: GITHUB_OIDC_URL, clientIds: ["sts.amazonaws.com"] });

  const outputs: Record<string, string> = {};
  for (const [stage, subject] of Object.entries(trustedSubjects(repo))) {
    const role = new Role(stack, `Deploy-${stage}`, {
      roleName: `agency-deploy-${stage}`,
      description: `GitHub Actions deploys the ${stage} stage of ${repo} (.github/workflows/deploy.yml)`,
      assumedBy: new WebIdentityPrincipal(provider.oidcProviderArn, {
        StringEquals: { [`${issuer}:aud`]: "sts.amazonaws.com", [`${issuer}:sub`]: subject },
      }),
      maxSessionDuration: Duration.hours(1),
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName("AdministratorAccess")],
    });
    NagSuppressions.addResourceSuppressions(role, [
      {
        id: "AwsSolutions-IAM4",
        reason:
          "A deploy creates IAM roles, functions, buckets, CloudFront and WAF across the account: any narrower policy that can create roles is admin in effect; the trust policy (one repository, one branch or environment) is the guard.",
        appliesTo: ["Policy::arn:<AWS::Partition>:iam::aws:policy/AdministratorAccess"],
      },
    ]);
    outputs[`${stage === "prod" ? "Prod" : "Staging"}RoleArn`] = role.roleArn;
  }
  stack.addOutputs(outputs);
  return { provider };
}
