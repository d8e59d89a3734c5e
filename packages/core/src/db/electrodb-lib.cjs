// What ElectroDB's own `require("@aws-sdk/lib-dynamodb")` gets in a Lambda bundle (infra/bundling.ts:
// `electrodbTrims`): an object that db/client.ts fills with the eight lib-dynamodb commands the
// app's entities send. CommonJS on purpose: a bundler keeps whole any ES module that is `require`d,
// with everything it imports (every command of lib-dynamodb and client-dynamodb, about 60 KB), but
// an ES module that imports this one stays tree-shaken.
module.exports = {};
