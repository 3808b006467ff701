// The lobby: pick a game, fill seats with friends or bots, create; see and join tables.
import { api, h, saveSeat } from "./api.js";
import { RULES } from "./rules.js";

let games = [];

function currentGame() {
  return games.find((g) => g.id === document.getElementById("game-select").value);
}

function renderPlayers() {
  const game = currentGame();
  const select = document.getElementById("players-select");
  const previous = Number(select.value);
  select.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) {
    select.append(h("option", { value: n, selected: n === previous || (!previous && n === Math.min(4, game.max_players)) }, n));
  }
  document.getElementById("game-blurb").textContent = RULES[game.id]?.blurb || "";
  renderSeats();
  renderOptions();
}

function renderSeats() {
  const game = currentGame();
  const n = Number(document.getElementById("players-select").value);
  const rows = document.getElementById("seat-rows");
  rows.replaceChildren(h("div", { class: "seat-row" }, h("span", {}, "Seat 1:"), h("strong", {}, "you")));
  const preferred = game.bots.includes("heuristic") ? "heuristic" : game.bots[0];
  for (let seat = 1; seat < n; seat++) {
    const select = h(
      "select",
      { class: "seat-choice", "aria-label": `Seat ${seat + 1}`, dataset: { seat } },
      h("option", { value: "" }, "a friend (invite by link)"),
      game.bots.map((bot) => h("option", { value: bot, selected: bot === preferred }, `${bot} bot`)),
    );
    rows.append(h("div", { class: "seat-row" }, h("span", {}, `Seat ${seat + 1}:`), select));
  }
}

function renderOptions() {
  const rows = document.getElementById("option-rows");
  rows.replaceChildren();
  // Options that may name a file on the server offer only their listed values here.
  const settable = currentGame().options.filter((spec) => !spec.names_file || spec.suggestions);
  for (const spec of settable) {
    let input;
    const listed = spec.choices || (spec.names_file ? [spec.default, ...spec.suggestions.filter((v) => v !== spec.default)] : null);
    if (spec.type === "bool") {
      input = h("input", { type: "checkbox", name: spec.name, checked: spec.default === true });
    } else if (listed) {
      input = h("select", { name: spec.name }, listed.map((c) => h("option", { value: c, selected: c === spec.default }, c)));
    } else if (spec.type === "int") {
      input = h("input", { type: "number", name: spec.name, value: spec.default, min: spec.minimum, max: spec.maximum });
    } else if (spec.suggestions) {
      const listId = `suggest-${spec.name}`;
      input = h("input", { name: spec.name, value: spec.default, list: listId });
      rows.append(h("datalist", { id: listId }, spec.suggestions.map((v) => h("option", { value: v }))));
    } else {
      input = h("input", { name: spec.name, value: spec.default });
    }
    input.dataset.option = spec.type;
    rows.append(h("label", { title: spec.help }, `${spec.name} `, input, h("span", { class: "muted" }, ` ${spec.help}`)));
  }
  document.getElementById("options-fieldset").hidden = settable.length === 0;
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll("#option-rows [data-option]")) {
    const type = input.dataset.option;
    if (type === "bool") options[input.name] = input.checked;
    else if (type === "int") options[input.name] = Number(input.value);
    else options[input.name] = input.value;
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  const error = document.getElementById("create-error");
  error.textContent = "";
  const game = currentGame();
  const players = Number(document.getElementById("players-select").value);
  const seats = [null];
  for (const select of document.querySelectorAll(".seat-choice")) seats.push(select.value || null);
  try {
    const result = await api("/api/tables", {
      method: "POST",
      body: {
        game: game.id,
        players,
        seats,
        name: document.getElementById("name-input").value.trim(),
        options: readOptions(),
        settings: {
          turn_seconds: Number(document.getElementById("timer-select").value),
          bot_delay: Number(document.getElementById("pace-select").value),
        },
      },
    });
    saveSeat(result.table.id, { seat: result.seat, token: result.token, name: document.getElementById("name-input").value.trim() });
    location.href = `/t/${result.table.id}`;
  } catch (exc) {
    error.textContent = exc.message;
  }
}

function tableLine(table, action, href) {
  const names = table.seats.map((s) => (s.open ? "(open)" : s.name || `${s.bot} bot`)).join(", ");
  return h("li", {}, h("span", {}, h("strong", {}, table.title), ` · ${table.players} players · ${names}`), h("a", { href }, action));
}

async function refreshTables() {
  try {
    const listing = await api("/api/tables");
    document.getElementById("open-tables").replaceChildren(
      ...(listing.open.length ? listing.open.map((t) => tableLine(t, "Join", `/t/${t.id}`)) : [h("li", { class: "muted" }, "none yet: create one")]),
    );
    document.getElementById("playing-tables").replaceChildren(
      ...(listing.playing.length ? listing.playing.map((t) => tableLine(t, "Watch", `/t/${t.id}`)) : [h("li", { class: "muted" }, "none")]),
    );
    const title = (id) => games.find((g) => g.id === id)?.title || id;
    document.getElementById("finished-tables").replaceChildren(
      ...(listing.finished.length
        ? listing.finished.map((t) =>
            h("li", {}, h("span", {}, h("strong", {}, title(t.game)), ` · ${t.names.map((n, i) => `${n || "?"} ${t.scores?.[i] ?? ""}`).join(", ")}`),
              h("a", { href: `/replay/${t.id}` }, "Replay")))
        : [h("li", { class: "muted" }, "none")]),
    );
  } catch (exc) {
    console.warn(exc);
  }
}

async function main() {
  games = await api("/api/games");
  const select = document.getElementById("game-select");
  for (const game of games) select.append(h("option", { value: game.id }, game.title));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.id === wanted)) select.value = wanted;
  select.addEventListener("change", renderPlayers);
  document.getElementById("players-select").addEventListener("change", renderSeats);
  document.getElementById("create-form").addEventListener("submit", create);
  document.getElementById("name-input").value = localStorage.getItem("topsecret.name") || "";
  document.getElementById("name-input").addEventListener("change", (e) => localStorage.setItem("topsecret.name", e.target.value));
  renderPlayers();
  refreshTables();
  setInterval(refreshTables, 3000);
}

main();
