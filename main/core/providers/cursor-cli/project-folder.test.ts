import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectOfTranscript } from './project-folder';

const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-cursor-slug-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const slugOf = (dir: string) => dir.replace(/^\//, '').replace(/\//g, '-');
const transcript = (slug: string) => path.join(root, '.cursor', 'projects', slug, 'agent-transcripts', 'x.jsonl');

describe('projectOfTranscript', () => {
  it('resolves a slug to the folder on disk, keeping dashes inside folder names', () => {
    const project = path.join(root, 'code', 'my-app');
    mkdirSync(project, { recursive: true });
    mkdirSync(path.join(root, 'code', 'my'), { recursive: true });
    expect(projectOfTranscript(transcript(slugOf(project)))).toEqual({ path: project, slug: slugOf(project) });
  });

  it('keeps the slug when the project is no longer on disk', () => {
    expect(projectOfTranscript(transcript('home-gone-user-proj'))).toEqual({ path: undefined, slug: 'home-gone-user-proj' });
  });

  it('knows nothing of a transcript outside a project folder', () => {
    expect(projectOfTranscript(path.join(root, 'elsewhere', 'x.jsonl'))).toBeUndefined();
  });
});
