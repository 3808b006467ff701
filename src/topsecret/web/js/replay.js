// Step through a finished game's log, seen by a spectator or by any seat.
import { api, botSeatName, eventText, h, namedSeats, playerName } from "./api.js";
import { format, gettext, startLanguage } from "./i18n.js";
import { gameTitle } from "./rules.js";
import { viewFor } from "./views/index.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const $ = (id) => document.getElementById(id);
let info = null;
let view = null;
let step = 0;
let perspective = "";
let bots = [];

function name(seat) {
  if (seat === -1) return gettext("the clock");
  const stored = info.names[seat];
  // A bot's seat is stored under the bot's name: "Heuristic bot 2", counted from 1.
  if (info.bots?.[seat]) return botSeatName(info.bots[seat], seat);
  if (stored && bots.includes(stored)) return botSeatName(stored, seat);
  return stored || playerName(seat);
}

/** A move's label as the server words it ("steal the card seat 2 just played"), with the
 * players' names where it says "seat N", as the live table's move list does. */
function moveLabel(action) {
  return namedSeats(action.label, name, info.players);
}

function seatLabel(seat) {
  const you = perspective === "" ? null : Number(perspective);
  return seat === you ? format(gettext("{player} (viewpoint)"), { player: name(seat) }) : name(seat);
}

// Each show() asks the server for one step; only the last one asked for is drawn, so a slow
// answer (a late step replays the whole log) never overwrites a newer choice.
let asked = 0;

async function show(target) {
  step = Math.max(0, Math.min(info.actions.length, target));
  const query = perspective === "" ? "" : `?seat=${perspective}`;
  const mine = ++asked;
  const data = await api(`/api/tables/${encodeURIComponent(tableId)}/replay/${step}${query}`);
  if (mine !== asked) return;
  const you = perspective === "" ? null : Number(perspective);
  const table = {
    id: info.id, game: info.game, title: info.title, players: info.players, status: "replay",
    seats: info.names.map((n, s) => ({ seat: s, name: n, bot: null, open: false, connected: false, away: false })),
  };
  const frame = { table, you, observation: data.observation, acting: [], step: null, legal: [], deadlines: {}, over: data.over, scores: data.scores };
  view.render($("board"), frame, { act: () => {}, name: seatLabel, log: data.events, assets: info.assets, readOnly: true, replay: true });
  $("step-range").value = step;
  const action = info.actions[step - 1];
  $("step-label").textContent = step === 0
    ? format(gettext("Start (0 / {steps})"), { steps: info.actions.length })
    : format(gettext("Step {step} / {steps}: {player} — {move}"), { step, steps: info.actions.length, player: name(action.seat), move: moveLabel(action) });
  // The server words each event as the chosen seat reads it; lines it marks quiet are noise.
  const lines = data.events.filter((e) => !e.quiet).map((e) => h("li", { class: e.audience ? "private" : "" }, eventText(e, seatLabel, info.players)));
  // The last step says who won, as the live table's end screen does.
  if (data.over && data.winners?.length) {
    const won = data.winners.length === 1
      ? format(gettext("{player} won"), { player: name(data.winners[0]) })
      : format(gettext("{players} won: a shared win"), { players: data.winners.map(name).join(", ") });
    lines.push(h("li", { class: "result" }, h("strong", {}, won)));
  }
  $("step-events").replaceChildren(...(lines.length ? lines : [h("li", { class: "muted" }, gettext("Nothing to see from here."))]));
  // The current move: this step's, or on a clock's step the last move before it.
  const items = [...document.querySelectorAll("#all-actions li")];
  const current = items.filter((li) => Number(li.dataset.step) <= step).pop();
  for (const li of items) li.classList.toggle("current", li === current);
  keepInSight($("all-actions"), $("all-actions").querySelector("li.current"));
}

/** Scroll the list (only the list, never the page) so its current move is in sight. */
function keepInSight(list, item) {
  if (!item) return;
  const top = item.offsetTop - list.offsetTop;
  if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = top - (list.clientHeight - item.offsetHeight) / 2;
  }
}

async function main() {
  await startLanguage();
  try {
    info = await api(`/api/tables/${encodeURIComponent(tableId)}/replay`);
  } catch (exc) {
    $("replay-title").textContent = exc.message;
    return;
  }
  view = await viewFor(info.game);
  bots = (await api("/api/games")).find((g) => g.id === info.game)?.bots || [];
  $("replay-title").textContent = format(gettext("{game} · replay · final scores {scores}"), { game: gameTitle(info.game, info.title), scores: info.scores?.join(", ") ?? "" });
  $("step-range").max = info.actions.length;
  const select = $("perspective");
  select.append(h("option", { value: "" }, gettext("a spectator")), ...info.names.map((n, s) => h("option", { value: s }, name(s))));
  select.addEventListener("change", () => { perspective = select.value; show(step); });
  if (info.chat?.length) {
    $("replay-chat").hidden = false;
    $("replay-chat-lines").replaceChildren(...info.chat.map((line) =>
      h("li", {}, h("strong", {}, name(line.seat)), `: ${line.text}`)));
  }
  // The clock's steps (real time: "time passes") stay on the slider and the step buttons but
  // out of the list of moves, which they would otherwise fill.
  const moves = info.actions.filter((a) => a.seat !== -1);
  $("all-actions").replaceChildren(...moves.map((a) => h("li", { dataset: { step: a.seq }, onclick: () => show(a.seq) }, `${name(a.seat)}: ${moveLabel(a)}`)));
  $("first-step").addEventListener("click", () => show(0));
  $("prev-step").addEventListener("click", () => show(step - 1));
  $("next-step").addEventListener("click", () => show(step + 1));
  $("last-step").addEventListener("click", () => show(info.actions.length));
  $("step-range").addEventListener("input", (e) => show(Number(e.target.value)));
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") show(step + 1);
    if (e.key === "ArrowLeft") show(step - 1);
  });
  show(0);
}

main();
