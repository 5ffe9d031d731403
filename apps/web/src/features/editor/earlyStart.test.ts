import { describe, expect, it } from 'vitest';
import { paths } from '../../routes/paths.ts';
import { editorMediaOf } from './earlyStart.ts';

const id = '3ad1b878-dc87-43da-bbe2-0a4e108bae0c';

describe("the editor's address, read before the router", () => {
  it("names the media of the editor's route, with or without a trailing slash", () => {
    expect(editorMediaOf(paths.conversationTranscription(id))).toBe(id);
    expect(editorMediaOf(`${paths.conversationTranscription(id)}/`)).toBe(id);
    expect(editorMediaOf(paths.conversationTranscription(id.toUpperCase()))).toBe(id.toUpperCase());
  });

  it('names nothing elsewhere', () => {
    for (const pathname of [
      paths.conversation(id),
      paths.conversationSubtitles(id),
      `${paths.conversationTranscription(id)}/more`,
      paths.conversationTranscription('not-an-id'),
      `/backoffice/conversations/${id}/transcription`,
      paths.explore,
      '/',
      '',
    ]) {
      expect(editorMediaOf(pathname), pathname).toBeNull();
    }
  });
});
