// The lobby: pick a game, fill seats with friends or bots, create; see and join tables.
import { api, botName, botSeatName, capitalized, forgetSeat, h, loadSeat, playerName, saveSeat } from "./api.js";
import { BOT_LEVELS, RULES, gameTitle, optionWords } from "./rules.js";
import { format, gettext, ngettext, startLanguage } from "./i18n.js";

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
  document.getElementById("game-blurb").textContent = RULES[game.id] ? gettext(RULES[game.id].blurb) : "";
  renderSeats();
  renderOptions();
}

function renderSeats() {
  const game = currentGame();
  const n = Number(document.getElementById("players-select").value);
  const rows = document.getElementById("seat-rows");
  const seatLabel = (seat) => format(gettext("Seat {seat}"), { seat });
  rows.replaceChildren(h("div", { class: "seat-row" }, h("span", {}, format(gettext("{seat}:"), { seat: seatLabel(1) })), h("strong", {}, gettext("you"))));
  const preferred = ["medium", "heuristic"].find((b) => game.bots.includes(b)) || game.bots[0];
  // The strength levels first, then the other bots.
  const levels = ["easy", "medium", "hard"].filter((b) => game.bots.includes(b));
  const others = game.bots.filter((b) => !levels.includes(b));
  const option = (bot) => h("option", { value: bot, selected: bot === preferred }, BOT_LEVELS[bot] ? gettext(BOT_LEVELS[bot]) : botName(bot));
  for (let seat = 1; seat < n; seat++) {
    // Two groups, so the levels and the bots they are made of do not read as six strengths.
    const select = h(
      "select",
      { class: "seat-choice", "aria-label": seatLabel(seat + 1), dataset: { seat } },
      h("option", { value: "" }, gettext("a friend (invite by link)")),
      h("optgroup", { label: gettext("Levels") }, levels.map(option)),
      others.length ? h("optgroup", { label: gettext("Bots by how they play") }, others.map(option)) : null,
    );
    rows.append(h("div", { class: "seat-row" }, h("span", {}, format(gettext("{seat}:"), { seat: seatLabel(seat + 1) })), select));
  }
}

function renderOptions() {
  const rows = document.getElementById("option-rows");
  rows.replaceChildren();
  // Options that may name a file on the server offer only their listed values here.
  const words = optionWords(currentGame().id);
  const settable = currentGame().options.filter((spec) => !spec.names_file || spec.suggestions);
  for (const spec of settable) {
    const plain = words[spec.name] || {};
    const shown = (v) => plain.values?.[v] ?? v;
    let input;
    // Options that may name a file on the server offer only their listed values here.
    const listed = spec.choices || plain.choices || (spec.names_file ? [spec.default, ...spec.suggestions.filter((v) => v !== spec.default)] : null);
    if (spec.type === "bool") {
      input = h("input", { type: "checkbox", name: spec.name, checked: spec.default === true });
    } else if (listed) {
      input = h("select", { name: spec.name }, listed.map((c) => h("option", { value: c, selected: c === spec.default }, shown(c))));
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
    // The games' own help texts are catalogue messages too.
    const help = capitalized(plain.help || (spec.help ? gettext(spec.help) : ""));
    // The option is named by its label alone; its help is its description, read after it,
    // not a sentence run into its name.
    const nameId = `option-name-${spec.name}`;
    const helpId = `option-help-${spec.name}`;
    input.setAttribute("aria-labelledby", nameId);
    if (help) input.setAttribute("aria-describedby", helpId);
    rows.append(h("label", { class: "option-row" }, h("span", { id: nameId }, plain.label || spec.name.replaceAll("_", " ")), " ", input, h("span", { id: helpId, class: "muted option-help" }, ` ${help}`)));
  }
  // An option a ticked switch leaves without use (the points to win of a one-deal game) is off.
  for (const spec of settable) {
    const switchName = words[spec.name]?.offWhen;
    const input = rows.querySelector(`[data-option][name="${spec.name}"]`);
    const toggle = switchName && rows.querySelector(`input[type=checkbox][name="${switchName}"]`);
    if (!input || !toggle) continue;
    const follow = () => { input.disabled = toggle.checked; };
    toggle.addEventListener("change", follow);
    follow();
  }
  document.getElementById("options-fieldset").hidden = settable.length === 0;
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll("#option-rows [data-option]")) {
    // A field that is off means nothing at this table: the game's default stands.
    if (input.disabled) continue;
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
          chat: document.getElementById("chat-check").checked,
        },
        private: document.getElementById("private-check").checked,
      },
    });
    // The host token lets this browser close the table later from the lobby; a private
    // table's invite code makes the link the table page shows to the creator.
    saveSeat(result.table.id, {
      seat: result.seat, token: result.token, host: result.host_token ?? null,
      name: document.getElementById("name-input").value.trim(), invite: result.invite ?? null,
    });
    location.href = `/t/${result.table.id}`;
  } catch (exc) {
    error.textContent = exc.message;
  }
}

function seatWords(table) {
  // A bot is named with its seat, "Hard bot 3", as at the table and in its log.
  return table.seats.map((s) => (s.open ? gettext("open seat") : s.bot ? botSeatName(s.bot, s.seat) : s.name)).join(", ");
}

async function closeTable(table, host) {
  if (!confirm(format(gettext("Close this {game} table? Nobody can play on at it."), { game: gameTitle(table.game, table.title) }))) return;
  try {
    await api(`/api/tables/${encodeURIComponent(table.id)}/close`, { method: "POST", body: { token: host } });
    forgetSeat(table.id);
  } catch (exc) {
    alert(exc.message);
  }
  refreshTables();
}

/** One table in a list: your own seat resumes, an open seat is joined, a game is watched; the
 * creator may close it. */
function tableLine(table, otherwise) {
  const mine = loadSeat(table.id);
  const action = mine ? gettext("Resume") : gettext(otherwise);
  const link = h("a", { href: `/t/${table.id}`, class: mine ? "resume" : "" }, action);
  const close = mine?.host ? h("button", { type: "button", class: "close-table", onclick: () => closeTable(table, mine.host) }, gettext("Close")) : null;
  const players = format(ngettext("{count} player", "{count} players", table.players), { count: table.players });
  return h("li", {}, h("span", {}, h("strong", {}, gameTitle(table.game, table.title)), ` · ${players} · ${seatWords(table)}`), h("span", { class: "actions" }, link, close));
}

function finishedLine(t) {
  const game = games.find((g) => g.id === t.game);
  const title = gameTitle(t.game, game?.title || t.game);
  // A bot's seat is stored under the bot's name: say "Heuristic bot 2", not "heuristic".
  const who = (n, i) => (game?.bots.includes(n) ? botSeatName(n, i) : n || playerName(i));
  return h("li", {}, h("span", {}, h("strong", {}, title), ` · ${t.names.map((n, i) => `${who(n, i)} ${t.scores?.[i] ?? ""}`).join(", ")}`),
    h("a", { href: `/replay/${t.id}` }, gettext("Replay")));
}

// The server lists tables a page at a time (at most PAGE_MAX per request): each list shows
// its newest PAGE, and "Show more" adds a page, fetched from where the list ends.
const PAGE = 20;
const PAGE_MAX = 100;
// Messages marked for the catalogues (N_) and translated where they are shown.
const N_ = (message) => message;
const LISTS = {
  open: { line: (t) => tableLine(t, N_("Join")), none: N_("none yet: create one") },
  // "none yet", not "none": the languages give it the gender of the games it stands for.
  playing: { line: (t) => tableLine(t, N_("Watch")), none: N_("none yet") },
  finished: { line: finishedLine, none: N_("none yet") },
};
const shown = { open: PAGE, playing: PAGE, finished: PAGE };

/** The newest ``count`` tables of one list, in as many pages as that takes, and its total. */
async function fetchList(status, count) {
  const tables = [];
  let total = 0;
  for (let offset = 0; offset < count; offset += PAGE_MAX) {
    const limit = Math.min(PAGE_MAX, count - offset);
    const page = await api(`/api/tables?status=${status}&limit=${limit}&offset=${offset}`);
    tables.push(...page[status]);
    total = page.total[status];
    if (page[status].length < limit) break;
  }
  return { tables, total };
}

async function refreshTables() {
  try {
    const lists = await Promise.all(Object.keys(LISTS).map((status) => fetchList(status, shown[status])));
    Object.keys(LISTS).forEach((status, i) => {
      const { tables, total } = lists[i];
      document.getElementById(`${status}-tables`).replaceChildren(
        ...(tables.length ? tables.map(LISTS[status].line) : [h("li", { class: "muted" }, gettext(LISTS[status].none))]),
      );
      const more = document.getElementById(`${status}-more`);
      const left = total - tables.length;
      more.hidden = left <= 0;
      more.textContent = format(ngettext("Show more ({count} older)", "Show more ({count} older)", left), { count: left });
    });
  } catch (exc) {
    console.warn(exc);
  }
}

function showMore(status) {
  shown[status] += PAGE;
  refreshTables();
}

async function main() {
  await startLanguage();
  games = await api("/api/games");
  const select = document.getElementById("game-select");
  for (const game of games) select.append(h("option", { value: game.id }, gameTitle(game.id, game.title)));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.id === wanted)) select.value = wanted;
  select.addEventListener("change", renderPlayers);
  document.getElementById("players-select").addEventListener("change", renderSeats);
  document.getElementById("create-form").addEventListener("submit", create);
  document.getElementById("name-input").value = localStorage.getItem("topsecret.name") || "";
  document.getElementById("name-input").addEventListener("change", (e) => localStorage.setItem("topsecret.name", e.target.value));
  for (const status of Object.keys(LISTS)) {
    document.getElementById(`${status}-more`).addEventListener("click", () => showMore(status));
  }
  renderPlayers();
  refreshTables();
  setInterval(refreshTables, 3000);
}

main();
