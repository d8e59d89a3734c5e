import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the stand-in received. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** `X-Amz-Target` (JSON protocols) or the query protocol's `Action`. */
  action: string;
  /** The SigV4 service from the Authorization header's credential scope, when signed. */
  service?: string;
  signed: boolean;
  body: string;
}

export interface AwsStandIn {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A local HTTP stand-in for AWS, for running the real SST CLI with no account
 * (`AWS_ENDPOINT_URL` points every SDK v3 client at it). It records what it receives and answers
 * just enough for the CLI to get past its start: STS GetCallerIdentity, CloudFormation
 * DescribeStacks for the CDK and SST bootstrap stacks (as bootstrapped), SSM parameter reads
 * (no secrets set, unless given) and IoT's endpoint. Anything else gets an AWS-shaped error, which
 * is where the CLI stops offline (CDK's asset publishing asks for credentials it cannot get).
 */
export async function startAwsStandIn(options: { account?: string; sstBootstrapVersion: string; secrets?: Record<string, string> }): Promise<AwsStandIn> {
  const account = options.account ?? "123456789012";
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const auth = req.headers.authorization ?? "";
    const scope = /Credential=[^/]+\/\d{8}\/[^/]+\/([^/]+)\/aws4_request/.exec(auth);
    const form = new URLSearchParams(body);
    const target = String(req.headers["x-amz-target"] ?? "");
    const action = target || form.get("Action") || "";
    requests.push({ method: req.method ?? "", path: req.url ?? "", action, service: scope?.[1], signed: auth.startsWith("AWS4-HMAC-SHA256"), body });

    const xml = (status: number, text: string) => {
      res.writeHead(status, { "Content-Type": "text/xml" });
      res.end(`<?xml version="1.0" encoding="UTF-8"?>${text}`);
    };
    const json = (status: number, value: unknown, type = "application/x-amz-json-1.1") => {
      res.writeHead(status, { "Content-Type": type });
      res.end(JSON.stringify(value));
    };
    const service = scope?.[1];
    if (action === "GetCallerIdentity") {
      return xml(
        200,
        `<GetCallerIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><GetCallerIdentityResult><Arn>arn:aws:iam::${account}:user/ci</Arn><UserId>AIDACI</UserId><Account>${account}</Account></GetCallerIdentityResult><ResponseMetadata><RequestId>1</RequestId></ResponseMetadata></GetCallerIdentityResponse>`,
      );
    }
    if (action === "DescribeStacks") {
      const name = form.get("StackName");
      const outputs: Record<string, string> | undefined =
        name === "CDKToolkit"
          ? { BootstrapVersion: "21", BucketName: "cdk-assets-bucket" }
          : name === "SSTBootstrap"
            ? { Version: options.sstBootstrapVersion, BucketName: "sst-bootstrap-bucket" }
            : undefined;
      if (!outputs) {
        return xml(
          400,
          `<ErrorResponse><Error><Type>Sender</Type><Code>ValidationError</Code><Message>Stack with id ${name} does not exist</Message></Error><RequestId>1</RequestId></ErrorResponse>`,
        );
      }
      const members = Object.entries(outputs)
        .map(([k, v]) => `<member><OutputKey>${k}</OutputKey><OutputValue>${v}</OutputValue></member>`)
        .join("");
      return xml(
        200,
        `<DescribeStacksResponse><DescribeStacksResult><Stacks><member><StackName>${name}</StackName><StackStatus>CREATE_COMPLETE</StackStatus><CreationTime>2026-01-01T00:00:00Z</CreationTime><Outputs>${members}</Outputs></member></Stacks></DescribeStacksResult></DescribeStacksResponse>`,
      );
    }
    if (target.startsWith("AmazonSSM.GetParametersByPath")) {
      const { Path: prefix = "" } = JSON.parse(body || "{}") as { Path?: string };
      // The given secrets are the stage's own (none in the app's fallback).
      const parameters = prefix.includes("/.fallback/")
        ? []
        : Object.entries(options.secrets ?? {}).map(([name, value]) => ({ Name: `${prefix.replace(/\/$/, "")}/${name}/value`, Value: value, Type: "SecureString" }));
      return json(200, { Parameters: parameters });
    }
    if (target === "AmazonSSM.PutParameter") return json(200, { Version: 1, Tier: "Standard" });
    if (target === "AmazonSSM.DeleteParameter") return json(200, {});
    if (target.startsWith("AmazonSSM.GetParameters")) {
      const { Names = [] } = JSON.parse(body || "{}") as { Names?: string[] };
      return json(200, { Parameters: [], InvalidParameters: Names });
    }
    if (service === "iot" || req.url?.startsWith("/endpoint")) {
      return json(200, { endpointAddress: "127.0.0.1" }, "application/json");
    }
    // Anything else: AWS's answer to credentials it does not know, in the request's protocol.
    if (form.has("Action")) {
      return xml(
        403,
        `<ErrorResponse><Error><Type>Sender</Type><Code>InvalidClientTokenId</Code><Message>The security token included in the request is invalid.</Message></Error><RequestId>1</RequestId></ErrorResponse>`,
      );
    }
    res.writeHead(403, { "Content-Type": "application/json", "x-amzn-errortype": "UnrecognizedClientException" });
    res.end(JSON.stringify({ __type: "UnrecognizedClientException", message: "The security token included in the request is invalid." }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

function readBody(req: IncomingMessage) {
  return new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", () => resolve(""));
  });
}
