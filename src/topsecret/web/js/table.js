// A table: join or watch, follow the live frames over a WebSocket, render, act.
import { api, eventText, forgetSeat, h, loadSeat, saveSeat, seatName } from "./api.js";
import { RULES } from "./rules.js";
import { viewFor } from "./views/index.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
let seat = loadSeat(tableId);
let socket = null;
let frame = null;
let log = [];
let view = null;
let ref = 0;
let retry = 500;
let leaving = false;
let receivedAt = 0;
let endDismissedAt = -1;
let lastBoard = "";
let assets = null;

const $ = (id) => document.getElementById(id);

function toast(message) {
  const el = $("toast");
  el.textContent = message;
  el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (el.hidden = true), 4000);
}

function act(action) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return toast("Reconnecting… try again in a moment");
  socket.send(JSON.stringify({ type: "act", action, seq: frame?.seq ?? null, ref: ++ref }));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  socket.addEventListener("open", () => {
    retry = 500;
    socket.send(JSON.stringify({ type: "hello", token: seat?.token ?? null }));
  });
  socket.addEventListener("message", (message) => handle(JSON.parse(message.data)));
  socket.addEventListener("close", () => {
    if (leaving) return;
    $("status").textContent = "Connection lost: reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

async function handle(message) {
  if (message.type === "update") {
    if (message.full) {
      log = [];
      assets = message.assets ?? null;
    }
    log.push(...message.events);
    frame = message;
    receivedAt = performance.now();
    if (!view) view = await viewFor(frame.table.game);
    render();
  } else if (message.type === "error") {
    if (message.message.includes("token")) {
      // This browser's seat is no longer valid here (e.g. a stale link): watch instead.
      forgetSeat(tableId);
      seat = null;
    }
    toast(message.rule ? `${message.message} — ${message.rule}` : message.message);
  }
}

function name(s) {
  return seatName(frame.table, s, frame.you);
}

function describe(event) {
  return eventText(event, name, frame.table.players);
}

function renderStatus() {
  const status = $("status");
  const t = frame.table;
  if (t.status === "waiting") {
    const open = t.seats.filter((s) => s.open).length;
    status.replaceChildren(`Waiting for ${open} more player${open === 1 ? "" : "s"}. Share the invitation link.`);
    return;
  }
  if (frame.over) {
    status.replaceChildren("Game over.");
    return;
  }
  const parts = [];
  if (frame.you !== null && frame.acting.includes(frame.you) && frame.legal.length) {
    parts.push(h("span", { class: "your-turn" }, "Your move."));
  } else if (frame.step) {
    parts.push(`Waiting for ${frame.step.waiting.map(name).join(", ")}.`);
  } else if (frame.table.play_style === "realtime") {
    parts.push("Real time: act whenever you like.");
  } else if (frame.acting.length) {
    parts.push(`${frame.acting.map(name).join(", ")} to play.`);
  }
  const mine = frame.you !== null ? frame.deadlines[frame.you] : undefined;
  if (mine !== undefined) {
    const left = Math.max(0, mine - (performance.now() - receivedAt) / 1000);
    parts.push(h("span", { class: "timer" }, `⏱ ${Math.ceil(left)} s`));
  }
  status.replaceChildren(...parts);
}

function renderSeats() {
  const step = frame.step;
  $("seats").replaceChildren(
    h("h3", {}, "Seats"),
    ...frame.table.seats.map((s) => {
      let chip = null;
      if (s.open) chip = h("span", { class: "chip" }, "open");
      else if (s.away) chip = h("span", { class: "chip away" }, "away: bot plays");
      else if (step?.chosen.includes(s.seat)) chip = h("span", { class: "chip chosen" }, "has chosen ✓");
      else if (!frame.over && frame.table.play_style !== "realtime" && frame.acting.includes(s.seat)) chip = h("span", { class: "chip waiting" }, "thinking…");
      const dot = s.bot ? "dot bot" : s.connected ? "dot on" : "dot";
      return h("div", { class: `seat${s.seat === frame.you ? " you" : ""}`, dataset: { seat: s.seat } },
        h("span", { class: dot, title: s.bot ? "bot" : s.connected ? "connected" : "not connected" }),
        h("span", {}, name(s.seat)), chip);
    }),
  );
}

function renderMoves() {
  const list = $("legal");
  if (frame.you === null) {
    list.replaceChildren(h("p", { class: "none" }, "You are watching: only public information is shown."));
    return;
  }
  if (!frame.legal.length) {
    list.replaceChildren(h("p", { class: "none" }, frame.over ? "The game is over." : "Nothing to do right now."));
    return;
  }
  const label = (text) => text.replace(/\bseat (\d+)\b/g, (whole, n) => (Number(n) < frame.table.players ? name(Number(n)) : whole));
  list.replaceChildren(...frame.legal.map((m) => h("button", { class: "move", type: "button", onclick: () => act(m.action) }, label(m.label))));
}

function renderLog() {
  const items = log.filter((e) => !e.quiet).map((e) => h("li", { class: e.audience ? "private" : "" }, describe(e)));
  const list = $("log");
  list.replaceChildren(...items);
  list.scrollTop = list.scrollHeight;
}

function renderEnd() {
  const overlay = $("end-screen");
  if (!frame.over || endDismissedAt === frame.seq) {
    overlay.hidden = true;
    return;
  }
  const order = frame.scores.map((score, s) => ({ score, s })).sort((a, b) => b.score - a.score);
  const recent = log.filter((e) => !e.quiet).slice(-12);
  overlay.replaceChildren(
    h("div", { class: "end-card", role: "dialog", "aria-label": "Game over" },
      h("h2", {}, frame.winners.includes(frame.you) ? "You won!" : `${frame.winners.map(name).join(" and ")} won`),
      h("table", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "Score")),
        order.map(({ score, s }) => h("tr", { class: frame.winners.includes(s) ? "winner" : "" }, h("td", {}, name(s)), h("td", {}, score)))),
      // A view may add its own score sheet (how each total was made up).
      view.endSummary ? view.endSummary(frame, { name, assets }) : null,
      h("h3", {}, "How it ended"),
      h("ol", {}, recent.map((e) => h("li", {}, describe(e)))),
      h("p", {},
        h("a", { href: `/replay/${encodeURIComponent(tableId)}` }, "Step through the replay"), " · ",
        h("a", { href: "/" }, "Back to the lobby"), " · ",
        h("button", { type: "button", onclick: () => { endDismissedAt = frame.seq; renderEnd(); } }, "Look at the table"))),
  );
  overlay.hidden = false;
}

function render() {
  const t = frame.table;
  $("table-title").textContent = `${t.title} · ${t.players} players${frame.you === null ? " · watching" : ""}`;
  document.title = `Top Secret · ${t.title}`;
  $("leave-button").hidden = frame.you === null || frame.over;
  renderStatus();
  renderSeats();
  renderMoves();
  renderLog();
  // Redraw the board only when what it shows changed, so a click is not lost to a redraw.
  const key = JSON.stringify([frame.observation, frame.legal, frame.you, frame.table.seats]);
  if (key !== lastBoard) {
    lastBoard = key;
    view.render($("board"), frame, { act, name, log, assets, readOnly: frame.you === null });
  }
  renderEnd();
}

function showRules() {
  const game = frame?.table.game;
  const rules = RULES[game];
  const text = $("rules-text");
  text.replaceChildren();
  if (rules) text.innerHTML = rules.html; // static text shipped with the client
  else text.textContent = "Play the moves offered in the side panel; each says what it does.";
  $("rules-dialog").showModal();
}

async function join(event) {
  event.preventDefault();
  const name = $("join-name").value.trim();
  try {
    const ticket = await api(`/api/tables/${encodeURIComponent(tableId)}/join`, { method: "POST", body: { name } });
    seat = { seat: ticket.seat, token: ticket.token, name };
    saveSeat(tableId, seat);
    localStorage.setItem("topsecret.name", name);
    $("join-panel").hidden = true;
    connect();
  } catch (exc) {
    $("join-error").textContent = exc.message;
  }
}

async function leave() {
  if (!seat || !confirm("Leave your seat? A bot will play it until you come back with this browser.")) return;
  socket.send(JSON.stringify({ type: "leave" }));
  toast("You left: a bot plays your seat. Reload this page to take it back.");
}

async function main() {
  $("rules-button").addEventListener("click", showRules);
  $("leave-button").addEventListener("click", leave);
  $("invite-button").addEventListener("click", async () => {
    const link = `${location.origin}/t/${tableId}`;
    try {
      await navigator.clipboard.writeText(link);
      toast(`Invitation link copied: ${link}`);
    } catch {
      toast(`Send this link: ${link}`);
    }
  });
  $("join-form").addEventListener("submit", join);
  $("watch-button").addEventListener("click", () => {
    $("join-panel").hidden = true;
    connect();
  });
  setInterval(() => frame && !frame.over && renderStatus(), 250);
  let info;
  try {
    info = await api(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch (exc) {
    $("status").textContent = exc.message;
    return;
  }
  $("table-title").textContent = info.title;
  if (!seat && info.status !== "finished" && info.seats.some((s) => s.open)) {
    $("join-name").value = localStorage.getItem("topsecret.name") || "";
    $("join-panel").hidden = false;
    return;
  }
  connect();
}

main();
