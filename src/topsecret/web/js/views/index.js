// Which view draws which game; a game without its own view gets the generic one.
const VIEWS = {
  vault: "./vault.js",
  spyworld: "./spyworld.js",
  briefcase: "./briefcase.js",
  wink: "./wink.js",
};

export async function viewFor(gameId) {
  if (VIEWS[gameId]) {
    try {
      return await import(VIEWS[gameId]);
    } catch (exc) {
      console.warn(`no view for ${gameId}, using the generic one`, exc);
    }
  }
  return import("./generic.js");
}
