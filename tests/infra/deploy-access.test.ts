// @vitest-environment node
import { Stack } from "aws-cdk-lib";
import { describe, expect, it } from "vitest";
import { resourcesOf, synthesizeDeployAccess } from "./synth";
import { awsSolutions, cfnLint } from "./checks";

const trust = (roles: Record<string, any>, name: string) => {
  const role = Object.values(roles).find((r) => r.Properties.RoleName === name);
  expect(role, name).toBeTruthy();
  return role.Properties.AssumeRolePolicyDocument.Statement;
};

/** The deploy roles (SST's own custom resource handler in every stack has a role too). */
const deployRoles = (template: Parameters<typeof resourcesOf>[0]) =>
  Object.fromEntries(Object.entries(resourcesOf(template, "AWS::IAM::Role")).filter(([, r]) => /^agency-deploy-/.test(r.Properties?.RoleName ?? "")));

describe("the optional DeployAccess stack", () => {
  it("is GitHub's OIDC provider and one role per stage, trusting only this repository's main branch (staging) or production environment (prod)", async () => {
    const { app, deployAccess } = await synthesizeDeployAccess({ GITHUB_REPO: "acme/agency-site" });
    // Deployed by itself: none of the app's stacks.
    const stacks = app.node.children.filter((c) => Stack.isStack(c)).map((s) => (s as Stack).stackName);
    expect(stacks).toEqual(["github-agency-DeployAccess"]);
    const providers = Object.values(resourcesOf(deployAccess, "AWS::IAM::OIDCProvider"));
    expect(providers.map((p) => p.Properties)).toEqual([expect.objectContaining({ Url: "https://token.actions.githubusercontent.com", ClientIdList: ["sts.amazonaws.com"] })]);
    const providerId = Object.keys(resourcesOf(deployAccess, "AWS::IAM::OIDCProvider"))[0]!;
    const roles = deployRoles(deployAccess);
    expect(
      Object.values(roles)
        .map((r) => r.Properties!.RoleName)
        .sort(),
    ).toEqual(["agency-deploy-prod", "agency-deploy-staging"]);
    const statement = (sub: string) => [
      {
        Action: "sts:AssumeRoleWithWebIdentity",
        Effect: "Allow",
        Principal: { Federated: { Ref: providerId } },
        Condition: { StringEquals: { "token.actions.githubusercontent.com:aud": "sts.amazonaws.com", "token.actions.githubusercontent.com:sub": sub } },
      },
    ];
    expect(trust(roles, "agency-deploy-prod")).toEqual(statement("repo:acme/agency-site:environment:production"));
    expect(trust(roles, "agency-deploy-staging")).toEqual(statement("repo:acme/agency-site:ref:refs/heads/main"));
    for (const r of Object.values(roles)) expect(r.Properties!.MaxSessionDuration).toBe(3600);
    expect(Object.keys(deployAccess.toJSON().Outputs)).toEqual(expect.arrayContaining(["ProdRoleArn", "StagingRoleArn"]));
    // No user, no access key: nothing long-lived to store.
    expect(resourcesOf(deployAccess, "AWS::IAM::User")).toEqual({});
    expect(resourcesOf(deployAccess, "AWS::IAM::AccessKey")).toEqual({});
  });

  it("reuses an account's existing GitHub provider when given its ARN", async () => {
    const arn = "arn:aws:iam::123456789012:oidc-provider/token.actions.githubusercontent.com";
    const { deployAccess } = await synthesizeDeployAccess({ GITHUB_REPO: "acme/agency-site", GITHUB_OIDC_PROVIDER_ARN: arn });
    expect(resourcesOf(deployAccess, "AWS::IAM::OIDCProvider")).toEqual({});
    for (const r of Object.values(deployRoles(deployAccess))) {
      expect(r.Properties!.AssumeRolePolicyDocument.Statement[0].Principal).toEqual({ Federated: arn });
    }
  });

  it("passes cfn-lint and cdk-nag's AwsSolutions rules, AdministratorAccess suppressed with its reason", async () => {
    const { app } = await synthesizeDeployAccess({ GITHUB_REPO: "acme/agency-site" });
    expect(cfnLint(app)).toEqual([]);
    const { findings, suppressed } = awsSolutions(app);
    expect(findings).toEqual([]);
    const admin = suppressed.filter((s) => s.finding === "Policy::arn:<AWS::Partition>:iam::aws:policy/AdministratorAccess");
    expect(admin.map((s) => s.path).sort()).toEqual(["github-agency-DeployAccess/Deploy-prod/Resource", "github-agency-DeployAccess/Deploy-staging/Resource"]);
    for (const s of suppressed) expect(s.reason.trim().length, `${s.rule} on ${s.path}`).toBeGreaterThanOrEqual(20);
  });

  it("refuses to build without GITHUB_REPO as <owner>/<repo>", async () => {
    await expect(synthesizeDeployAccess({ GITHUB_REPO: "" })).rejects.toThrow(/GITHUB_REPO is not set/);
    await expect(synthesizeDeployAccess({ GITHUB_REPO: "not a repo" })).rejects.toThrow(/is not <owner>\/<repo>/);
  });
});
