import type { SSTConfig } from "sst";
import { Api } from "./infra/api";
import { functionDefaults } from "./infra/bundling";
import { Database, isProduction } from "./infra/database";
import { Monitoring } from "./infra/monitoring";
import { Web } from "./infra/web";

export default {
  config() {
    return { name: "agency", region: "us-east-1" };
  },
  stacks(app) {
    // Ephemeral stages leave nothing behind on `sst remove`; production keeps its data (infra/database.ts).
    if (!isProduction(app.stage)) app.setDefaultRemovalPolicy("destroy");
    app.setDefaultFunctionProps(functionDefaults);
    // Web before Api: Api's functions need the site's URL, and Web only needs the bare gateway.
    // Monitoring last: its alarms watch the others' resources.
    app.stack(Database).stack(Web).stack(Api).stack(Monitoring);
  },
} satisfies SSTConfig;
