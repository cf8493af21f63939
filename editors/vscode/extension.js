// Starts `spellc lsp` (the command in the spellc.command setting) for .spell and .scenario files, and gives each
// file its game's language: a file opens as `spellc` (its extension says no more), then takes the language of the
// ruleset its project declares (`ruleset = "amtgard"` in the nearest spellc.toml above it: `spellc-amtgard`),
// whose TextMate grammar highlights that game's words only (package.json: one language and grammar per game).
const fs = require("fs");
const path = require("path");
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

const MANIFEST = "spellc.toml";
let client;

// The ruleset the nearest spellc.toml above `file` declares, or undefined (no project, or a workspace's manifest).
function rulesetOf(file) {
  for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, MANIFEST);
    if (fs.existsSync(manifest)) {
      const found = /^\s*ruleset\s*=\s*"([a-z][a-z0-9_]*)"/m.exec(fs.readFileSync(manifest, "utf8"));
      return found ? found[1] : undefined;
    }
    if (path.dirname(folder) === folder) return undefined;
  }
}

// The games' languages this extension declares (package.json, written by compiler/textmate.py).
function gameLanguages(context) {
  const declared = context.extension.packageJSON.contributes.languages;
  return declared.map((l) => l.id).filter((id) => id.startsWith("spellc-"));
}

function pickLanguage(document, games) {
  if (document.languageId !== "spellc" || document.uri.scheme !== "file") return;
  const wanted = `spellc-${rulesetOf(document.uri.fsPath)}`;
  if (games.includes(wanted)) vscode.languages.setTextDocumentLanguage(document, wanted);
}

function activate(context) {
  const games = gameLanguages(context);
  vscode.workspace.textDocuments.forEach((d) => pickLanguage(d, games));
  context.subscriptions.push(vscode.workspace.onDidOpenTextDocument((d) => pickLanguage(d, games)));
  const [command, ...args] = vscode.workspace.getConfiguration("spellc").get("command");
  const documentSelector = ["spellc", ...games].map((language) => ({ language }));
  client = new LanguageClient("spellc", "spellc", { command, args }, { documentSelector });
  context.subscriptions.push(client);
  client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
