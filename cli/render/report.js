// The script of `campaign report`'s page (docs/cli.md#report): its charts, and its session
// replay.
"use strict";

// Each chart, drawn by Chart.js (inlined before this script) from its configuration; on a
// narrow screen (the page's own breakpoint) its legend goes below it, not beside it.
(() => {
  const narrow = window.matchMedia("(max-width: 40rem)").matches;
  for (const canvas of document.querySelectorAll("canvas[data-configuration]")) {
    const configuration = JSON.parse(canvas.dataset.configuration);
    if (narrow) configuration.options.plugins.legend.position = "bottom";
    new Chart(canvas, configuration);
  }
})();

// The session replay: pick a session, move the slider across its commands, and the board, the
// companies and the characters show as they stood after that command. A session's data (a
// <script type="application/json">) is decoded, and its states built from its start and each
// command's changes, only when it is picked.
(() => {
  const KINDS = ["encounters", "groups", "companies", "characters"];
  const byId = (id) => document.getElementById(id);
  const pick = byId("replay-session");
  const slider = byId("replay-slider");
  if (!pick || !slider) return;
  const words = byId("replay").dataset;  // what the page says, in its language
  const say = (text, values) => text.replace(/\{(\w+)\}/g, (_, name) => String(values[name]));
  const stateWords = JSON.parse(words.states);  // a status, kind or item state as the page says it
  const stateSaid = (word) => stateWords[word] || word;
  const built = new Map();

  function states(number) {
    if (built.has(number)) return built.get(number);
    const data = JSON.parse(byId(`replay-data-${number}`).textContent);
    // the in-game time as data (status's words) and as the page's language says it
    let state = { ...data.start, clockSaid: data.clock };
    const found = [{ position: data.position, line: null, said: [], changed: {}, state }];
    for (const step of data.steps) {
      const next = { clock: "clock" in step.changes ? step.changes.clock : state.clock,
                     clockSaid: step.clock || state.clockSaid };
      for (const kind of KINDS) next[kind] = Object.assign({}, state[kind], step.changes[kind]);
      found.push({ position: step.position, line: step.line, said: step.said,
                   changed: step.changes, state: next });
      state = next;
    }
    built.set(number, found);
    return found;
  }

  function cell(row, key, value) {
    const td = row.insertCell();
    td.dataset.key = key;
    td.textContent = value === null || value === undefined ? "" : String(value);
    return td;
  }

  function fill(tbody, entries, attribute, changed, columns) {
    tbody.replaceChildren();
    for (const [key, entry] of Object.entries(entries)) {
      if (entry === null) continue;
      const row = tbody.insertRow();
      row.dataset[attribute] = key;
      if (changed && key in changed) row.className = "changed";
      for (const [column, shown] of columns) cell(row, column, shown(entry, key));
    }
  }

  const plain = (name) => (entry) => entry[name];
  const GROUPS = ["name", "kind", "count", "killed", "incapacitated", "out", "effective_morale",
                  "status"].map((name) => [name, plain(name)]);
  GROUPS[0] = ["name", (entry, key) => entry.name || key.split("/")[1]];
  GROUPS[1] = ["kind", (entry) => stateSaid(entry.kind)];
  GROUPS[7] = ["status", (entry) => stateSaid(entry.status)];
  const yes = (name) => (entry) => (entry[name] ? words.yes : words.no);
  const COMPANIES = ["name", "size", "fit", "killed", "incapacitated", "morale"]
    .map((name) => [name, plain(name)]).concat([["in_service", yes("in_service")]]);
  const CHARACTERS = ["name", "damage_taken", "conscience_lost"].map((name) => [name, plain(name)])
    .concat([
      ["hp_lost", (entry) => Object.entries(entry.hp_lost || {}).filter(([, lost]) => lost)
        .map(([place, lost]) => `${place} ${lost}`).join(", ") || words.none],
      ["items", (entry) => entry.items.map((item) => item.hp_max === null
        ? `${item.name}: ${stateSaid(item.state)}`
        : `${item.name}: ${stateSaid(item.state)} ${item.hp}/${item.hp_max}`)
        .join("; ")],
    ]);

  function board(state, changed) {
    const groups = {};
    for (const [handle, encounter] of Object.entries(state.encounters)) {
      if (encounter === null) continue;
      for (const key of encounter.groups) {
        if (state.groups[key]) groups[key] = { ...state.groups[key], encounter: encounter.name };
      }
    }
    const columns = [["encounter", (entry) => entry.encounter]].concat(GROUPS);
    fill(byId("replay-board").tBodies[0], groups, "group", changed.groups, columns);
  }

  function show() {
    const all = states(pick.value);
    slider.max = String(all.length - 1);
    const index = Math.min(Number(slider.value), all.length - 1);
    const { position, line, said, changed, state } = all[index];
    const where = byId("replay-position");
    where.dataset.position = String(position);
    where.textContent = index === 0
      ? say(words.before, { event: position })
      : say(words.after, { command: index, commands: all.length - 1, event: position });
    const clock = byId("replay-clock");
    clock.textContent = state.clockSaid;
    clock.dataset.clock = state.clock;
    byId("replay-line").textContent = line || "";
    const told = byId("replay-said");
    told.replaceChildren();
    for (const words of said) {
      const item = document.createElement("li");
      item.textContent = words;
      told.append(item);
    }
    board(state, changed);
    fill(byId("replay-companies").tBodies[0], state.companies, "company", changed.companies,
         COMPANIES);
    fill(byId("replay-characters").tBodies[0], state.characters, "character",
         changed.characters, CHARACTERS);
  }

  pick.addEventListener("change", () => { slider.value = "0"; show(); });
  slider.addEventListener("input", show);
  show();
})();
