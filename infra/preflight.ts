/**
 * What a deploy checks before it creates anything: the stage's name, and that every secret the
 * stacks will bind is set. SST itself would find a missing secret only halfway through the deploy
 * (its prefetcher runs inside CloudFormation, after the table and the distribution exist), so
 * sst.config.ts asks here first and stops with the setting's name and the command that sets it.
 */

import { wafLimitProblems } from "./waf";

/**
 * A stage names every stack (`<stage>-agency-<Stack>`) and the media bucket
 * (`<stage>-agency-media-<account>-<region>`, at most 63 characters of lowercase letters, digits and
 * hyphens), so it must fit both.
 */
export const STAGE_RULE = "a stage name is 1 to 21 characters: lowercase letters, digits and hyphens, starting with a letter and not ending with a hyphen";

export function stageProblem(stage: string): string | undefined {
  if (/^[a-z](?:[a-z0-9-]{0,19}[a-z0-9])?$/.test(stage)) return undefined;
  return `The stage "${stage}" cannot be deployed: ${STAGE_RULE} (e.g. prod, staging, pr-42).`;
}

/** The secrets a deploy of `stage` binds, given the deploy's environment (infra/secrets.ts). */
export function requiredSecrets(env: NodeJS.ProcessEnv = process.env): { name: string; why: string; example: string }[] {
  const secrets = [
    { name: "ADMIN_PASSWORD", why: "the bootstrap admin's password, at least 12 characters", example: "'a long passphrase'" },
    { name: "DEVICE_COOKIE_SECRET", why: "signs the known-device cookies of username sign-in", example: '"$(openssl rand -base64 32)"' },
    { name: "PREVIEW_LINK_SECRET", why: "signs the private preview links of blog posts", example: '"$(openssl rand -base64 32)"' },
    { name: "ORIGIN_VERIFY_TOKEN", why: "proves to the API that a request came through the site's CloudFront", example: '"$(openssl rand -base64 32)"' },
  ];
  if (env.ADMIN_EMAILS?.trim()) {
    secrets.push(
      { name: "GOOGLE_CLIENT_ID", why: "Continue with Google (ADMIN_EMAILS is set)", example: "'1234-abc.apps.googleusercontent.com'" },
      { name: "GOOGLE_CLIENT_SECRET", why: "Continue with Google (ADMIN_EMAILS is set)", example: "'GOCSPX-...'" },
    );
  }
  return secrets;
}

/**
 * Problems with the stage's secrets, one line each naming the secret and the command that sets it.
 * `stored` maps a secret's name to its value for this stage or the app's fallback (SST's Config.secrets()).
 */
export function secretProblems(stage: string, stored: Record<string, { value?: string; fallback?: string }>, env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  for (const secret of requiredSecrets(env)) {
    const entry = Object.hasOwn(stored, secret.name) ? stored[secret.name] : undefined;
    const value = entry?.value ?? entry?.fallback;
    const set = `npx sst secrets set ${secret.name} ${secret.example} --stage ${stage}`;
    if (value === undefined || value === "") problems.push(`${secret.name} is not set (${secret.why}). Set it with: ${set}`);
    else if (secret.name === "ADMIN_PASSWORD" && value.length < 12) problems.push(`ADMIN_PASSWORD is shorter than 12 characters. Set a longer one with: ${set}`);
    else if (secret.name === "ORIGIN_VERIFY_TOKEN" && !originVerifyTokens(value)) {
      problems.push(`ORIGIN_VERIFY_TOKEN must be one token of at least 32 letters, digits, +, /, = or - (or two, comma-separated, while rotating). Set it with: ${set}`);
    }
  }
  return problems;
}

/**
 * The stage's origin tokens from its ORIGIN_VERIFY_TOKEN secret (undefined when unusable): one token,
 * or two, comma-separated, while it is rotated. CloudFront sends the first on every request to the
 * API; the functions accept any listed one. Rotating (docs/operations.md) takes two deploys and never
 * refuses a request: set `<current>,<new>` and deploy (the functions learn the new one), then set
 * `<new>` and deploy (CloudFront sends it; the functions forget the old one).
 */
export function originVerifyTokens(value: string | undefined): string[] | undefined {
  const tokens = (value ?? "").split(",").map((t) => t.trim());
  return tokens.length <= 2 && tokens.every((t) => /^[A-Za-z0-9+/=_-]{32,}$/.test(t)) ? tokens : undefined;
}

/** Plain settings from the deploy's environment (.env.<stage>) that are set but unusable. */
export function settingProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  const email = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
  for (const entry of (env.ADMIN_EMAILS ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    if (!email.test(entry) && !/^@[^@\s]+\.[^@\s]+$/.test(entry))
      problems.push(`ADMIN_EMAILS: "${entry}" is neither an email address nor an @domain entry. Fix it in .env.<stage> or the environment.`);
  }
  for (const entry of (env.ALARM_EMAIL ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    if (!email.test(entry)) problems.push(`ALARM_EMAIL: "${entry}" is not an email address. Fix it in .env.<stage> or the environment.`);
  }
  const mailFrom = env.MAIL_FROM?.trim();
  if (mailFrom && !/^(?:[^<>]*<[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+>|[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+)$/.test(mailFrom)) {
    problems.push(`MAIL_FROM: "${mailFrom}" is not an address ("Name <notifications@example.com>" or the bare address). Fix it in .env.<stage> or the environment.`);
  }
  const recordsSince = env.RECORDS_SINCE?.trim();
  const thisYear = new Date().getUTCFullYear();
  if (recordsSince && !(/^\d{4}$/.test(recordsSince) && Number(recordsSince) >= 1900 && Number(recordsSince) <= thisYear)) {
    problems.push(
      `RECORDS_SINCE: "${recordsSince}" is not a year from 1900 to ${thisYear} (the first year a record of the table carries, e.g. 2024). Fix it in .env.<stage> or the environment.`,
    );
  }
  if (env.SITE_DOMAIN?.trim() && !/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(env.SITE_DOMAIN.trim())) {
    problems.push(`SITE_DOMAIN: "${env.SITE_DOMAIN.trim()}" is not a domain name (e.g. example.com). Fix it in .env.<stage> or the environment.`);
  }
  problems.push(...wafLimitProblems(env));
  return problems;
}
