// Starts `spellc lsp` (the command in the spellc.command setting) for .spell and .scenario files.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("spellc").get("command");
  client = new LanguageClient("spellc", "spellc", { command, args }, { documentSelector: [{ language: "spellc" }] });
  context.subscriptions.push(client);
  client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
