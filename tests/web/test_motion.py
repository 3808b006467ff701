"""Motion in SpyWorld and the winking game, as in the vault and the briefcase: what changed
moves once (a card turned face up, the Agent entering a room; a wink, a catch), never on a
redraw, and nothing moves for people who ask for reduced motion."""

from __future__ import annotations

import json
from typing import Any

from test_game_views import open_as_first_seat
from test_spyworld_in_browser import AGENT, click_and_wait, next_click
from test_whole_games import STALL_SECONDS, progress_watch

#: Records, in the page, every element the views mark as moving, with its CSS animation.
RECORD_MOTION = """() => {
  window.moved = [];
  const marked = ".offer-card.fresh, .explorer-token.moving, .room.entered rect";
  new MutationObserver(() => {
    for (const el of document.querySelectorAll(marked)) {
      if (el.dataset.recorded) continue;
      el.dataset.recorded = "1";
      const cls = el.getAttribute("class") || el.parentNode.getAttribute("class");
      window.moved.push([cls, getComputedStyle(el).animationName]);
    }
  }).observe(document.body, { subtree: true, childList: true });
}"""


def spyworld_motion(page: Any, server: Any) -> list[list[str]]:
    """Play a SpyWorld table until a card on offer is turned face up; what moved."""
    open_as_first_seat(server, page, "spyworld", players=2)
    page.wait_for_selector(AGENT)
    page.evaluate(RECORD_MOTION)
    rounds = 0
    idle = progress_watch()
    while not page.evaluate("window.moved.some(([c]) => c.includes('offer-card'))"):
        assert idle(page) < STALL_SECONDS and rounds < 40, "no card was turned face up"
        move = next_click(page, rounds, 0)
        if move is None:
            page.wait_for_timeout(50)
            continue
        rounds += 1
        click_and_wait(page, move[1])
    moved: list[list[str]] = page.evaluate("window.moved")
    return moved


def test_a_card_turned_face_up_turns_over_in_spyworld(server: Any, page: Any) -> None:
    moved = spyworld_motion(page, server)
    turned = [animation for cls, animation in moved if "offer-card" in cls]
    assert turned and all(animation == "reveal" for animation in turned)
    assert page.errors == []


def test_spyworld_stays_still_for_reduced_motion(server: Any, browser: Any) -> None:
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    try:
        moved = spyworld_motion(page, server)
        # The view still marks what changed; the style moves nothing.
        assert moved and all(animation == "none" for _, animation in moved)
    finally:
        context.close()


def wink_frame(server: Any, page: Any) -> dict[str, Any]:
    """A real frame of a winking table, as the first seat's page received it."""
    frames: list[dict[str, Any]] = []

    def listen(socket: Any) -> None:
        socket.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", listen)
    open_as_first_seat(server, page, "wink")
    page.wait_for_selector(".wink svg")
    return next(f for f in frames if f["type"] == "update")


#: Draws the wink view twice in a page of its own: the frame as it came, then with news.
DRAW_TWICE = """async ([frame, news]) => {
  const view = await import("/static/js/views/wink.js");
  const board = document.createElement("div");
  document.body.append(board);
  const ctx = (log) => ({ act: () => {}, name: (s) => `Seat ${s + 1}`, log, assets: null });
  const log = frame.events.map((e, i) => ({ ...e, seq: i }));
  view.render(board, frame, ctx(log));
  const before = [...board.querySelectorAll(".winked, .caught, .catcher, .met")].length;
  const later = news.map((e, i) => ({ ...e, seq: log.length + i }));
  view.render(board, frame, ctx([...log, ...later]));
  const news_marked = [...board.querySelectorAll(".winked, .caught, .catcher, .met")].length;
  view.render(board, frame, ctx([...log, ...later]));  // a redraw: no news, no motion
  const after = [...board.querySelectorAll(".winked, .caught, .catcher, .met")].length;
  return { before, news: news_marked, after };
}"""


def test_a_wink_and_a_catch_move_once_on_the_winking_table(server: Any, page: Any) -> None:
    """Given a winking table's frame, when the view draws it again with a wink seen from
    seat 2 and seat 1 catching seat 3, then seat 2's disc blinks, seat 3 is shaken and seat 1
    lights up, once: the first drawing (history) and a later redraw move nothing."""
    frame = wink_frame(server, page)
    page.goto(server.http + "/api/games")
    news = [
        {"kind": "saw_signal", "seat": 1, "signal": "wink", "audience": [0]},
        {"kind": "accusation", "accuser": 0, "winker": 2, "contact": 1, "correct": True},
    ]
    counts = page.evaluate(DRAW_TWICE, [frame, news])
    assert counts == {"before": 0, "news": 3, "after": 0}
    marked = page.evaluate(
        """async ([frame, news]) => {
          const view = await import("/static/js/views/wink.js");
          const board = document.createElement("div");
          const ctx = (log) => ({ act: () => {}, name: (s) => `Seat ${s + 1}`, log });
          view.render(board, frame, ctx([{ kind: "x", seq: 1000 }]));
          view.render(board, frame, ctx([{ kind: "x", seq: 1000 },
            ...news.map((e, i) => ({ ...e, seq: 1001 + i }))]));
          const seats = (cls) => [...board.querySelectorAll(`.wink-seat.${cls}`)]
            .map((g) => Number(g.dataset.seat));
          return { winked: seats("winked"), caught: seats("caught"), catcher: seats("catcher") };
        }""",
        [frame, news],
    )
    assert marked == {"winked": [1], "caught": [2], "catcher": [0]}
    assert page.errors == []


def test_a_replay_draws_every_briefcase_piece_on_its_city_after_a_jump(
    server: Any, page: Any
) -> None:
    """Given a finished briefcase game between bots, when its replay jumps to the end (pieces
    slide from where they were drawn last), then every agent and the briefcase end on the
    city the text names: no piece is held at its old city by a slide that never ran."""
    import time

    from wsclient import create_table

    created = create_table(
        server.http,
        game="briefcase",
        players=2,
        seats=["random", "random"],
        settings={"bot_delay": 0},
    )
    table_id = created["table"]["id"]
    deadline = time.monotonic() + 60
    while server.store.load_table(table_id).status != "finished":
        assert time.monotonic() < deadline, "the bots' game did not finish in a minute"
        time.sleep(0.2)
    page.goto(f"{server.http}/replay/{table_id}")
    page.wait_for_selector(".briefcase .agent")
    page.click("#last-step")
    page.wait_for_function("document.getElementById('step-label').textContent.includes('/')")
    page.wait_for_timeout(700)  # a slide lasts 450 ms
    offsets = page.eval_on_selector_all(
        ".briefcase .agent, .briefcase .case", "gs => gs.map((g) => getComputedStyle(g).translate)"
    )
    assert offsets and set(offsets) <= {"none", "0px", "0px 0px"}, offsets
    assert page.errors == []
