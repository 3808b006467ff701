// A table: join or watch, follow the live frames over a WebSocket, render, act.
import { api, capitalized, eventText, forgetSeat, h, isChatter, loadSeat, namedSeats, saveSeat, seatName } from "./api.js";
import { RULES, gameTitle, optionWords, rulesHtml } from "./rules.js";
import { viewFor } from "./views/index.js";
import { format, gettext, ngettext, startLanguage } from "./i18n.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
// A private table's seats are taken through its invite link: /t/<id>?invite=<code>.
const inviteCode = new URLSearchParams(location.search).get("invite");
let seat = loadSeat(tableId);
let socket = null;
let frame = null;
let log = [];
let view = null;
let ref = 0;
let retry = 500;
let leaving = false;
// The socket is being closed to reconnect in another role (leaving the seat, taking it back).
let switching = false;
let receivedAt = 0;
let endDismissedAt = -1;
let lastBoard = "";
let assets = null;
// After "Leave seat" this browser watches (a bot plays the seat) until it takes the seat back.
let watchOnly = false;
let chat = [];
// The rematch this seat was given (same people, same bots), once someone asked for it.
let rematchId = null;
let owedBefore = false;

const $ = (id) => document.getElementById(id);

function toast(message) {
  const el = $("toast");
  el.textContent = capitalized(message);
  el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (el.hidden = true), 4000);
}

// The ref of the action on its way to the server (null: none). Until its answer comes (the
// update it caused, which carries its ref, or an error), a second click sends nothing and the
// move buttons are disabled: the server refuses a repeated seq anyway, and the player sees at
// once that the click was taken.
let inFlight = null;
let inFlightTimer = null;
let pingTimer = null;

function act(action) {
  if (watchOnly) return toast(gettext("You left this seat: take it back first"));
  if (!socket || socket.readyState !== WebSocket.OPEN) return toast(gettext("Reconnecting… try again in a moment"));
  if (inFlight !== null) return;
  inFlight = ++ref;
  // Marks for whoever drives the page (the browser tests): an action went out; body.acting
  // stays until its answer is in.
  document.body.dataset.sent = String(inFlight);
  socket.send(JSON.stringify({ type: "act", action, seq: frame?.seq ?? null, ref: inFlight }));
  setBusy(true);
  clearTimeout(inFlightTimer);
  inFlightTimer = setTimeout(() => settle(inFlight), 10000);
}

/** The action ``ref`` was answered (or given up on): controls work again. */
function settle(answered) {
  if (answered === null || answered !== inFlight) return;
  inFlight = null;
  clearTimeout(inFlightTimer);
  setBusy(false);
}

/** While an action is on its way, every control that works now is disabled and marked, and
 * only those marked come back: a control the view drew disabled (a card that cannot be played
 * now) stays disabled. */
function setBusy(busy) {
  document.body.classList.toggle("acting", busy);
  for (const button of document.querySelectorAll("#board button, #legal button")) {
    if (busy && !button.disabled) {
      button.disabled = true;
      button.dataset.busy = "";
    } else if (!busy && "busy" in button.dataset) {
      button.disabled = false;
      delete button.dataset.busy;
    }
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // The server writes this socket's errors and notices in the page's language.
  const lang = encodeURIComponent(document.documentElement.lang || "en");
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?lang=${lang}`);
  socket.addEventListener("open", () => {
    retry = 500;
    socket.send(JSON.stringify({ type: "hello", token: watchOnly ? null : seat?.token ?? null }));
    // The server closes sockets silent for two minutes: say something now and then.
    clearInterval(pingTimer);
    pingTimer = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send('{"type":"ping"}'), 30000);
  });
  socket.addEventListener("message", (message) => handle(JSON.parse(message.data)));
  socket.addEventListener("close", () => {
    clearInterval(pingTimer);
    settle(inFlight); // the new connection's full frame shows whether it was played
    if (leaving) return;
    if (switching) {
      // Closed on purpose, to come back as a spectator or as the seat: nothing was lost.
      switching = false;
      connect();
      return;
    }
    $("status").textContent = gettext("Connection lost: reconnecting…");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

function mergedView(held, changed, removed) {
  const view = { ...held, ...changed };
  for (const key of removed ?? []) delete view[key];
  return view;
}

async function handle(message) {
  if (message.type === "error") settle(message.ref ?? null);
  if (message.type === "update") {
    if (message.full) {
      log = [];
      assets = message.assets ?? null;
    }
    // What happened since the last frame, said to screen readers (the first frame's log is
    // the table's past, not news).
    if (!message.full) announce(message.events);
    log.push(...message.events);
    // A frame carries the whole view, or only the top-level parts that changed since the last.
    if (message.observation === undefined) message.observation = mergedView(frame?.observation, message.changed, message.removed);
    // The table's info comes when it changed; otherwise the last frame's holds.
    if (message.table === undefined) message.table = frame?.table;
    const first = frame === null;
    frame = message;
    receivedAt = performance.now();
    if (!view) view = await viewFor(frame.table.game);
    render();
    // A page just opened (a table just created) starts a keyboard or screen-reader player at
    // the table's name, not at the page itself, from where Tab would start at the top.
    if (first && document.activeElement === document.body) {
      $("table-title").tabIndex = -1;
      $("table-title").focus({ preventScroll: true });
    }
    // The update an action caused carries that action's ref on this socket: its answer.
    if ("ref" in message) settle(message.ref ?? null);
  } else if (message.type === "rematch") {
    saveSeat(message.table_id, { seat: message.seat, token: message.token, name: seat?.name ?? "" });
    rematchId = message.table_id;
    endDismissedAt = -1;
    toast(gettext("A rematch is ready at the same seats"));
    renderEnd();
  } else if (message.type === "chat") {
    chat = message.full ? message.lines : [...chat, ...message.lines];
    renderChat();
  } else if (message.type === "error") {
    if ((message.template ?? message.message).includes("token")) {
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

/** Put ``parts`` in the status strip unless it already shows the same: the strip is redrawn
 * four times a second for the timer, and a button replaced between the press and the release
 * of a click never gets the click (nor does a selection in the invitation link survive). */
function showStatus(...parts) {
  const status = $("status");
  const next = h("div", {}, ...parts);
  if (next.innerHTML !== status.innerHTML) status.replaceChildren(...next.childNodes);
}

function renderStatus() {
  const t = frame.table;
  if (t.status === "waiting") {
    const open = t.seats.filter((s) => s.open).length;
    const waiting = format(ngettext("Waiting for {count} more player.", "Waiting for {count} more players.", open), { count: open }) + " ";
    if (t.private && inviteLink().includes("invite=")) {
      // A private table is not listed: the link with its invite code is the way in.
      showStatus(h("span", {}, waiting, gettext("This table is private: send your friends this invitation link.")),
        h("span", { class: "invite-link" },
          h("input", { id: "invite-link", readonly: true, value: inviteLink(), "aria-label": gettext("Invitation link"), onfocus: (e) => e.target.select() }),
          h("button", { type: "button", onclick: copyInvite }, gettext("Copy"))));
      return;
    }
    showStatus(waiting + gettext("Share the invitation link."));
    return;
  }
  if (frame.over) {
    showStatus(gettext("Game over."));
    return;
  }
  const parts = [];
  if (watchOnly) {
    showStatus(gettext("You left your seat: a bot plays it for you.") + " ",
      h("button", { type: "button", id: "take-back", onclick: takeBack }, gettext("Take my seat back")));
    return;
  }
  if (owesMove()) {
    parts.push(h("span", { class: "your-turn" }, gettext("Your move.")));
  } else if (frame.step) {
    parts.push(format(gettext("Waiting for {players}."), { players: frame.step.waiting.map(name).join(", ") }));
  } else if (frame.table.play_style === "realtime") {
    parts.push(frame.you === null ? gettext("Real time: the players act whenever they like; you are watching.") : gettext("Real time: act whenever you like."));
  } else if (frame.acting.length) {
    parts.push(format(gettext("{players} to play."), { players: frame.acting.map(name).join(", ") }));
  }
  const mine = frame.you !== null ? frame.deadlines[frame.you] : undefined;
  if (mine !== undefined) {
    const left = Math.max(0, mine - (performance.now() - receivedAt) / 1000);
    parts.push(h("span", { class: "timer", title: gettext("time left to decide") }, h("span", { class: "clock-icon", "aria-hidden": "true" }), " " + format(gettext("{seconds} s"), { seconds: Math.ceil(left) })));
  }
  showStatus(...parts);
}

function renderSeats() {
  const step = frame.step;
  // Nobody is thinking while the table waits for players, nor once the game is over.
  const thinking = (seat) => frame.table.status === "playing" && !frame.over && frame.table.play_style !== "realtime" && frame.acting.includes(seat);
  $("seats").replaceChildren(
    h("h2", {}, gettext("Seats")),
    ...frame.table.seats.map((s) => {
      let chip = null;
      if (s.open) chip = h("span", { class: "chip" }, gettext("open"));
      else if (s.away) chip = h("span", { class: "chip away" }, gettext("away: bot plays"));
      else if (step?.chosen.includes(s.seat)) chip = h("span", { class: "chip chosen" }, gettext("has chosen ✓"));
      else if (thinking(s.seat)) chip = h("span", { class: "chip waiting" }, gettext("thinking…"));
      const dot = s.bot ? "dot bot" : s.connected ? "dot on" : "dot";
      return h("div", { class: `seat${s.seat === frame.you ? " you" : ""}`, dataset: { seat: s.seat } },
        h("span", { class: dot, title: s.bot ? gettext("bot") : s.connected ? gettext("connected") : gettext("not connected") }),
        h("span", {}, name(s.seat)), chip);
    }),
  );
}

function renderMoves() {
  const list = $("legal");
  if (frame.you === null) {
    list.replaceChildren(h("p", { class: "none" }, gettext("You are watching: only public information is shown.")));
    return;
  }
  if (!frame.legal.length) {
    list.replaceChildren(h("p", { class: "none" }, frame.over ? gettext("The game is over.") : gettext("Nothing to do right now.")));
    return;
  }
  const label = (text) => namedSeats(text, name, frame.table.players);
  list.replaceChildren(...frame.legal.map((m) => h("button", { class: "move", type: "button", onclick: () => act(m.action) }, label(m.label))));
}

/** Table talk: everyone at the table reads it; seated players write (unless it is off). */
function renderChat() {
  if (!frame) return;
  const on = frame.table.settings?.chat !== false;
  $("chat").hidden = !on && !chat.length;
  const time = (at) => new Date(at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  $("chat-lines").replaceChildren(...(chat.length
    ? chat.map((line) => h("li", { class: line.seat === frame.you ? "mine" : "" },
      h("span", { class: "when" }, time(line.at)), " ", h("strong", {}, line.seat === frame.you ? gettext("You") : name(line.seat)), ": ", line.text))
    : [h("li", { class: "muted" }, on ? gettext("Nothing said yet.") : "")]));
  $("chat-lines").scrollTop = $("chat-lines").scrollHeight;
  $("chat-form").hidden = !on || frame.you === null || watchOnly;
}

function say(event) {
  event.preventDefault();
  const input = $("chat-input");
  const text = input.value.trim();
  if (!text) return;
  if (!socket || socket.readyState !== WebSocket.OPEN) return toast(gettext("Reconnecting… try again in a moment"));
  socket.send(JSON.stringify({ type: "chat", text }));
  input.value = "";
}

/** New events the log shows (not the chatter it folds) are read out by screen readers, as
 * sighted players see them arrive: a reveal, a BOOM, a wink at you, a bot's claim. The last
 * few only, so a burst of bots' moves is not a queue of minutes. */
function announce(events) {
  const news = events.filter((e) => !e.quiet && !isChatter(e)).slice(-3);
  if (!news.length || !view) return;
  $("announcer").textContent = news.map(describe).join(" ");
}

function renderLog() {
  // Chatter (who looks where, who has chosen) folds into one line between the events that
  // matter, so missions, catches and scores are never buried.
  const items = [];
  let chatter = [];
  const fold = () => {
    if (!chatter.length) return;
    const lines = chatter.map((e) => h("li", {}, describe(e)));
    // Named for what is folded: glances in the winking game, choices where steps are secret.
    const choices = chatter.filter((e) => e.kind === "chosen" || e.kind === "my_choice").length;
    const glances = chatter.length - choices;
    const summary = [
      glances ? format(ngettext("{count} glance", "{count} glances", glances), { count: glances }) : null,
      choices ? format(ngettext("{count} choice", "{count} choices", choices), { count: choices }) : null,
    ].filter(Boolean).join(" · ");
    items.push(h("li", { class: "chatter" },
      h("details", {}, h("summary", {}, summary), h("ol", {}, lines))));
    chatter = [];
  };
  for (const e of log) {
    if (e.quiet) continue;
    if (isChatter(e)) {
      chatter.push(e);
      continue;
    }
    fold();
    items.push(h("li", { class: e.audience ? "private" : "" }, describe(e)));
  }
  fold();
  const list = $("log");
  list.replaceChildren(...items);
  list.scrollTop = list.scrollHeight;
}

function renderEnd() {
  const overlay = $("end-screen");
  const open = frame.over && endDismissedAt !== frame.seq;
  // A modal: while the results are up, the page behind them takes no focus and no clicks.
  for (const id of ["table-main", "status"]) $(id).inert = open;
  document.querySelector("header.topbar").inert = open;
  $("results-button").hidden = !frame.over || open;
  if (!open) {
    const wasOpen = !overlay.hidden;
    overlay.hidden = true;
    // Closed from the keyboard: the way back to the results takes the focus, not the body.
    if (wasOpen && frame.over && overlay.contains(document.activeElement)) $("results-button").focus();
    return;
  }
  const opening = overlay.hidden;
  const focused = overlay.contains(document.activeElement) ? document.activeElement.textContent : null;
  const order = frame.scores.map((score, s) => ({ score, s })).sort((a, b) => b.score - a.score);
  const recent = log.filter((e) => !e.quiet && !isChatter(e)).slice(-12);
  overlay.replaceChildren(
    h("div", { class: "end-card", role: "dialog", "aria-modal": "true", "aria-labelledby": "end-title" },
      h("h2", { id: "end-title", tabindex: "-1" }, headline(frame.winners)),
      // Why it ended and why these players won, in the game's words.
      view.endReason ? h("p", { class: "end-reason" }, view.endReason(frame, { name, assets })) : null,
      h("table", {}, h("tr", {}, h("th", {}, gettext("Player")), h("th", {}, gettext("Score"))),
        order.map(({ score, s }) => h("tr", { class: frame.winners.includes(s) ? "winner" : "" }, h("td", {}, name(s)), h("td", {}, score)))),
      // A view may add its own score sheet (how each total was made up).
      view.endSummary ? view.endSummary(frame, { name, assets }) : null,
      h("h3", {}, gettext("How it ended")),
      h("ol", {}, recent.map((e) => h("li", {}, describe(e)))),
      h("p", { class: "end-actions" },
        rematchButton(),
        h("a", { href: `/replay/${encodeURIComponent(tableId)}` }, gettext("Step through the replay")), " · ",
        h("a", { href: "/" }, gettext("Back to the lobby")), " · ",
        h("button", { type: "button", class: "look", onclick: closeEnd }, gettext("Look at the table")))),
  );
  overlay.hidden = false;
  if (opening) {
    // The dialog takes the focus as it opens: its headline is read first.
    $("end-title").focus();
  } else if (focused !== null) {
    // A redraw keeps a keyboard player on the button they were on.
    const same = [...overlay.querySelectorAll("button, a[href]")].find((el) => el.textContent === focused);
    (same || $("end-title")).focus();
  }
}

/** "Look at the table" (or Escape): the results close until the next frame's new end. */
function closeEnd() {
  endDismissedAt = frame.seq;
  renderEnd();
}

/** A rematch seats the same people and the same bots: ask for it, or go to the one that is
 * ready. Where the rules have tied players play again (a view's playAgain), only they do. */
function rematchButton() {
  if (frame.you === null || !seat || watchOnly) return null;
  const tied = view.playAgain?.(frame) ?? null;
  if (tied && !tied.includes(frame.you)) {
    return h("span", { class: "play-again muted" }, format(gettext("The tied players play again: {players}."), { players: listed(tied.map(name)) }) + " ");
  }
  if (rematchId) {
    return h("a", { class: "button primary rematch", href: `/t/${encodeURIComponent(rematchId)}` }, gettext("Play the rematch"));
  }
  return h("button", { type: "button", class: "primary rematch", onclick: askRematch }, tied ? gettext("Play again to break the tie") : gettext("Rematch"));
}

async function askRematch() {
  try {
    const ticket = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`, { method: "POST", body: { token: seat.token } });
    saveSeat(ticket.table_id, { seat: ticket.seat, token: ticket.token, name: seat.name ?? "" });
    location.href = `/t/${encodeURIComponent(ticket.table_id)}`;
  } catch (exc) {
    toast(exc.message);
  }
}

/** "Ann", "Ann and Bob", "Ann, Bob and Cy". */
function listed(names) {
  return names.length < 2 ? names.join("") : format(gettext("{first} and {last}"), { first: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

/** "You won!", "Bob won", or a shared win said as one. */
function headline(winners) {
  const you = frame.you;
  if (winners.length === 1) return winners[0] === you ? gettext("You won!") : format(gettext("{player} won"), { player: name(winners[0]) });
  if (winners.includes(you)) {
    return format(gettext("You won, sharing the win with {players}"), { players: listed(winners.filter((s) => s !== you).map(name)) });
  }
  return format(gettext("{players} won: a shared win"), { players: listed(winners.map(name)) });
}

function owesMove() {
  if (!frame || frame.over || watchOnly || frame.you === null) return false;
  // Real time has no turns; the game's view says when the table waits for this seat.
  if (frame.table.play_style === "realtime") return !!view?.waitsFor?.(frame);
  // In a simultaneous step a seat that has chosen waits, even while it may still change its mind.
  return frame.acting.includes(frame.you) && frame.legal.length > 0 && !frame.step?.chosen?.includes(frame.you);
}

const ICON = (fill, dot) => `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="${fill}"/>${dot ? '<circle cx="11.5" cy="4.5" r="4" fill="#ffd54a" stroke="#0e141d"/>' : ""}</svg>`)}`;

/** The tab says when this seat owes a move: a dot on the icon, the title, an optional sound. */
function cue() {
  const owes = owesMove();
  const owed = owes ? "● " + gettext("Your move") + " · " : "";
  document.title = `${owed}${gameTitle(frame.table.game, frame.table.title)} · Top Secret`;
  const icon = document.querySelector("link[rel=icon]");
  if (icon) icon.href = ICON("#b3261e", owes);
  if (owes && !owedBefore && localStorage.getItem("topsecret.sound") === "on") chime();
  owedBefore = owes;
}

function chime() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.12, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
  } catch {
    // No sound on this browser: the title and icon still say it.
  }
}

function renderSound() {
  const on = localStorage.getItem("topsecret.sound") === "on";
  const button = $("sound-button");
  button.textContent = on ? gettext("Sound on") : gettext("Sound off");
  button.setAttribute("aria-pressed", on ? "true" : "false");
}

// A click is a press and a release on one element: a frame drawn between them replaces the
// element and the click is lost (a card in the hand while bots keep choosing, say). So frames
// that arrive while a pointer is pressed wait for its release, but never longer than two
// seconds (one was too short on a slow device: its own stalls made a quick press look long).
const HOLD_MS = 2000;
let pressedAt = null;
let drawLater = false;
document.addEventListener("pointerdown", () => { pressedAt = performance.now(); }, true);
function released() {
  pressedAt = null;
  // After the click this release makes has been dispatched.
  if (drawLater) setTimeout(render, 0);
}
document.addEventListener("pointerup", released, true);
document.addEventListener("pointercancel", released, true);

function render() {
  const held = pressedAt === null ? null : performance.now() - pressedAt;
  if (held !== null && held < HOLD_MS) {
    if (!drawLater) setTimeout(render, HOLD_MS - held);
    drawLater = true;
    return;
  }
  drawLater = false;
  if (!frame) return;
  const t = frame.table;
  document.body.dataset.seq = String(frame.seq);
  const players = format(ngettext("{count} player", "{count} players", t.players), { count: t.players });
  const watching = frame.you === null ? " · " + gettext("watching") : "";
  $("table-title").textContent = `${gameTitle(t.game, t.title)} · ${players}${watching}`;
  cue();
  $("leave-button").hidden = frame.you === null || frame.over || watchOnly;
  renderStatus();
  renderSeats();
  const moves = $("legal");
  const movesFocus = keptFocus(moves);
  renderMoves();
  refocus(moves, movesFocus);
  renderLog();
  renderChat();
  // Redraw the board only when what it shows changed, so a click is not lost to a redraw.
  const key = JSON.stringify([frame.observation, frame.legal, frame.you, frame.table.seats, watchOnly]);
  if (key !== lastBoard) {
    lastBoard = key;
    const board = $("board");
    const focused = keptFocus(board);
    view.render(board, frame, { act, name, log, assets, readOnly: frame.you === null || watchOnly });
    refocus(board, focused);
  }
  if (inFlight !== null) setBusy(true); // buttons drawn while an action is on its way
  renderEnd();
}

/** What names the focused control on the board, if one is focused: its tag, its data
 * attributes and its label, which a redraw gives the same control again. */
function focusKey(board) {
  const el = document.activeElement;
  if (!el || el === board || !board.contains(el)) return null;
  return describeControl(el);
}

function describeControl(el) {
  // The mark of a control disabled while an action is on its way is not part of its name.
  const { busy, ...data } = el.dataset;
  return { tag: el.tagName, data, label: el.getAttribute("aria-label") ?? el.textContent };
}

/** The place a keyboard player was last on in the board or the list of moves, while the
 * focus is nowhere: a move disables its button (the focus falls to the page) and the next
 * frame replaces it, and the player must land in the board again, not at the page's top. */
let lastPlace = null;

function keptFocus(container) {
  const here = focusKey(container);
  if (here !== null) return here;
  const lost = !document.activeElement || document.activeElement === document.body;
  return lost && lastPlace?.id === container.id ? lastPlace.key : null;
}

function keepPlaces() {
  for (const id of ["board", "legal"]) {
    $(id).addEventListener("focusin", (event) => { lastPlace = { id, key: describeControl(event.target) }; });
  }
  // Focus taken elsewhere on purpose (the chat, the header, a click outside) is left there.
  document.addEventListener("focusin", (event) => {
    if (!$("board").contains(event.target) && !$("legal").contains(event.target)) lastPlace = null;
  });
  document.addEventListener("pointerdown", (event) => {
    if (!$("board").contains(event.target) && !$("legal").contains(event.target)) lastPlace = null;
  });
}

const FOCUSABLE = "[tabindex='0'], button:not([disabled]), select, input, a[href]";

/** A redraw replaces the board's elements: a keyboard player keeps their place on the
 * control that stands where the focused one stood (a bot's move must not throw it away);
 * when that control is gone (the card just played), on one with the same name, else on the
 * first control there is, so the next move is one key away. */
function refocus(board, key) {
  if (key === null) return;
  const controls = [...board.querySelectorAll(FOCUSABLE)];
  const named = controls.filter((el) => el.tagName === key.tag && (el.getAttribute("aria-label") ?? el.textContent) === key.label);
  const same = named.find((el) => {
    const data = el.dataset;
    return Object.keys(key.data).length === Object.keys(data).length
      && Object.entries(key.data).every(([name, value]) => data[name] === value);
  });
  const target = same ?? named[0] ?? controls[0];
  target?.focus({ preventScroll: true });
}

function showRules() {
  const game = frame?.table.game;
  const rules = rulesHtml(game);
  const text = $("rules-text");
  text.replaceChildren();
  if (rules) text.innerHTML = rules; // static text shipped with the client
  else text.textContent = gettext("Play the moves offered in the side panel; each says what it does.");
  // A view may add what this table uses: every agent power, every gadget in play.
  if (view?.rulesHelp) text.append(view.rulesHelp({ assets, name }));
  // The dialog is named by its title, read as it opens.
  const title = text.querySelector("h2");
  if (title) title.id = "rules-title";
  $("rules-dialog").setAttribute("aria-labelledby", title ? "rules-title" : "rules-button");
  $("rules-dialog").showModal();
}

/** What a person is joining: the game, its options in plain words, who sits where. */
function joinInfo(info) {
  const words = optionWords(info.game);
  const given = info.options || {};
  // An option a ticked switch leaves without use (a target in a game of one deal) is not shown.
  // The rules version is the current one for every table a person can join: not news to them.
  const inUse = ([key]) => key !== "rules" && !(words[key]?.offWhen && given[words[key].offWhen]);
  const options = Object.entries(given).filter(inUse).map(([key, value]) => {
    const plain = words[key] || {};
    const shown = typeof value === "boolean" ? (value ? gettext("yes") : gettext("no")) : plain.values?.[value] ?? (value === "" ? gettext("standard") : value);
    return h("li", {}, `${plain.label || key.replaceAll("_", " ")}: ${shown}`);
  });
  const seats = info.seats.map((s) => h("li", {},
    format(gettext("Seat {seat}"), { seat: s.seat + 1 }) + ": ", s.open ? h("strong", {}, gettext("open")) : seatName(info, s.seat)));
  const timer = info.settings?.turn_seconds ? format(gettext("{seconds} s per move"), { seconds: info.settings.turn_seconds }) : gettext("no turn timer");
  const players = format(ngettext("{count} player", "{count} players", info.players), { count: info.players });
  return [
    h("p", {}, h("strong", {}, gameTitle(info.game, info.title)), ` · ${players} · ${timer}`),
    h("p", { class: "muted" }, RULES[info.game] ? gettext(RULES[info.game].blurb) : ""),
    h("div", { class: "join-columns" },
      h("div", {}, h("h3", {}, gettext("Seats")), h("ul", {}, seats)),
      options.length ? h("div", {}, h("h3", {}, gettext("Options")), h("ul", {}, options)) : null),
  ];
}

/** The link that seats a friend here: a private table's carries its invite code. */
function inviteLink() {
  const code = seat?.invite ?? inviteCode;
  return `${location.origin}/t/${encodeURIComponent(tableId)}${code ? `?invite=${encodeURIComponent(code)}` : ""}`;
}

async function copyInvite() {
  const link = inviteLink();
  try {
    await navigator.clipboard.writeText(link);
    toast(format(gettext("Invitation link copied: {link}"), { link }));
  } catch {
    toast(format(gettext("Send this link: {link}"), { link }));
  }
}

async function join(event) {
  event.preventDefault();
  const name = $("join-name").value.trim();
  try {
    const body = inviteCode ? { name, invite: inviteCode } : { name };
    const ticket = await api(`/api/tables/${encodeURIComponent(tableId)}/join`, { method: "POST", body });
    seat = { seat: ticket.seat, token: ticket.token, name, invite: inviteCode };
    saveSeat(tableId, seat);
    localStorage.setItem("topsecret.name", name);
    $("join-panel").hidden = true;
    $("table-main").hidden = false;
    connect();
  } catch (exc) {
    $("join-error").textContent = capitalized(exc.message);
  }
}

async function leave() {
  if (!seat || !confirm(gettext("Leave your seat? A bot will play it until you come back with this browser."))) return;
  socket.send(JSON.stringify({ type: "leave" }));
  // Watch from here on, so nothing this page shows asks for a move that is no longer yours.
  watchOnly = true;
  render();
  switching = true;
  socket.close();
  toast(format(gettext("You left: a bot plays your seat. “{button}” returns it to you."), { button: gettext("Take my seat back") }));
}

function takeBack() {
  watchOnly = false;
  switching = true;
  socket.close();
}

async function main() {
  // The catalogue first: everything this page builds (join information, status, views) is
  // written in the reader's language.
  await startLanguage();
  $("rules-button").addEventListener("click", showRules);
  keepPlaces();
  $("results-button").addEventListener("click", () => {
    endDismissedAt = -1;
    renderEnd();
  });
  $("end-screen").addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      closeEnd();
    }
  });
  $("leave-button").addEventListener("click", leave);
  $("sound-button").addEventListener("click", () => {
    localStorage.setItem("topsecret.sound", localStorage.getItem("topsecret.sound") === "on" ? "off" : "on");
    renderSound();
  });
  renderSound();
  $("invite-button").addEventListener("click", copyInvite);
  $("join-form").addEventListener("submit", join);
  $("chat-form").addEventListener("submit", say);
  $("watch-button").addEventListener("click", () => {
    $("join-panel").hidden = true;
    $("table-main").hidden = false;
    connect();
  });
  setInterval(() => frame && !frame.over && pressedAt === null && renderStatus(), 250);
  let info;
  try {
    info = await api(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch (exc) {
    $("status").textContent = exc.message;
    return;
  }
  $("table-title").textContent = gameTitle(info.game, info.title);
  // A visitor of a private table who came without its code has no link to pass on.
  $("invite-button").hidden = info.private && !inviteLink().includes("invite=");
  if (!seat && info.status !== "finished" && info.seats.some((s) => s.open)) {
    $("join-name").value = localStorage.getItem("topsecret.name") || "";
    $("join-info").replaceChildren(...joinInfo(info));
    if (info.private && !inviteCode) {
      // Without the invitation's code no seat can be taken here: say so, and offer watching.
      $("join-error").textContent = gettext("This table is private: its seats are taken through the invitation link its host sends.");
      $("join-button").disabled = true;
    }
    $("join-panel").hidden = false;
    $("table-main").hidden = true;
    return;
  }
  connect();
}

main();
