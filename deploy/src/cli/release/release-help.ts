/** `npm run release -- --help`: the commands, options, apps and exit codes. */
export const RELEASE_HELP = `Usage: npm run release -- <command> [options]

Commands
  publish <app> [--from <dir>] [--package-version <v>]
                                    put a build (default <app>/dist) into the artifact store
  publish <app> <version>           record a version already uploaded to the artifact store
  promote <app> <version> [<app> <version> …]
                                    make versions live; several apps go in one atomic revision
  rollback <app> [--to <version>]   go back to the last-known-good, or to the version named
  canary <app> <version> --percent <1-99> --reason <text>
                                    send that share of browsers (a sticky bucket each) to a new
                                    version of one remote; the rest stay on the live version.
                                    promote <app> <version> finishes it, rollback <app> aborts
                                    it; the canary guard rolls it back by itself when viewers
                                    fail with it significantly more often (decision 141)
  mark-good <app> <version> --reason <text>
                                    vouch for a version: it may be the last-known-good without
                                    waiting for the minimum live time (refused if viewers fell
                                    back from it)
  clear-veto <app> <version> --reason <text>
                                    clear the fallback veto on a version (decision 411): the
                                    signed-in viewers who reported it are excused; new ones
                                    can veto it again. Recorded in the history
  history [<app>] [--limit <n>]     the release history, newest first
  status                            what is live, last-known-good, fallback counts, canaries

Options
  --reason <text>      why (recorded in the history)
  --actor <name>       who (default: $CREASE_ACTOR, else your OS user name)
  --if-revision <n>    refuse unless the registry is still at revision n (from status)
  --retry <n>          on a conflict, re-read and try again up to n times (gate re-checked)
  --api <url>          remote mode: go through the release API at <url> (or $CREASE_RELEASE_API)
                       with the token in $CREASE_RELEASE_TOKEN (never a flag); the token names
                       the actor, so --actor is refused; publish takes only <app> <version>
  --json               machine-readable output on stdout
  --help               this text

Apps: shell, mf-auth, mf-billing, mf-catalog, mf-player, mf-legal
Configuration: the same environment as the edge server (CREASE_DATA_DIR, CREASE_ARTIFACT_STORE, …).

Exit codes
  0  done
  1  unexpected error
  2  usage error or invalid input (mark-good of a version viewers fell back from, too)
  3  conflict: someone else released at the same time, or a canary of that remote is
     running; nothing was changed
  4  contract gate: the shell and a remote would not be compatible; nothing was changed
  5  not found: no such artifact, or no previous version to roll back to
  6  not authorised: the release API refused the token (missing, wrong, or none configured)
`;
