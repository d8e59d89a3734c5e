/** The lib-dynamodb commands ElectroDB is handed in a Lambda bundle (electrodb-lib.cjs). */
declare const electrodbLib: Record<string, unknown>;
export = electrodbLib;
