/**
 * Renders lifecycle mail as the job does, in a process of its own (run with `node --import tsx`):
 * jest cannot load react-email's renderer (it imports react-dom/server with import()). Reads
 * `[{kind, payload, language}]` as JSON on stdin, writes the rendered messages as JSON on stdout.
 */
import type { UiLanguage } from '@crease/contract';
import type { LifecycleMailKind } from '../accounts';
import { renderLifecycleMail } from '../mail';

interface Ask {
  kind: LifecycleMailKind;
  payload: Record<string, unknown>;
  language: UiLanguage;
  siteOrigin: string;
}

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const asks = JSON.parse(input) as Ask[];
  void Promise.all(
    asks.map((ask) =>
      renderLifecycleMail(
        ask.kind,
        'viewer@example.com',
        ask.payload,
        ask.siteOrigin,
        ask.language,
      ),
    ),
  ).then((mails) => process.stdout.write(JSON.stringify(mails)));
});
