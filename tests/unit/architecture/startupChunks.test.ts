import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { landingAssignment, landingChunkNames, sharedByPages, stageAssignment, startupStages } from '../../../scripts/startupChunks';

/** A module graph as the bundler reports it: each id with its static imports. */
const graphOf = (edges: Record<string, string[]>) => ({ getModuleInfo: (id: string) => (edges[id] ? { importedIds: edges[id] } : null) });

describe('start-up chunks (scripts/startupChunks.ts, used by vite.config.ts)', () => {
  it("reads boot.ts's stages in their order (the brand fonts' loader first), a stylesheet stage left out", () => {
    const boot = fs.readFileSync(path.resolve(import.meta.dirname, '../../../src/boot.ts'), 'utf8');
    expect(startupStages(boot)).toEqual(['app/brandFonts', 'app/reactDom', 'api/baseApi', 'store/store', 'app/theme', 'app/App', 'main']);
    expect(startupStages("const STAGES: X = [\n  () => import('./app/fonts.css'),\n  () => import('./main'),\n];")).toEqual(['main']);
  });

  it('refuses a boot.ts whose stage list it cannot find, rather than build without start-up chunks', () => {
    expect(() => startupStages('const stages = [];')).toThrow(/no STAGES list/);
  });

  it("puts each module in the first stage that imports it, directly or not, and leaves lazy-only modules and the page script's own imports out", () => {
    const graph = graphOf({
      '/s/boot.ts': ['/s/ownPages.ts'],
      '/s/ownPages.ts': [],
      '/s/react.ts': ['/s/scheduler.ts'],
      '/s/scheduler.ts': [],
      '/s/store.ts': ['/s/react.ts', '/s/redux.ts'],
      '/s/redux.ts': ['/s/shared.ts'],
      '/s/shared.ts': [],
      '/s/App.tsx': ['/s/shared.ts', '/s/react.ts', '/s/header.tsx', '/s/ownPages.ts'],
      '/s/header.tsx': [],
      '/s/LazyPage.tsx': ['/s/shared.ts'],
    });
    expect(Object.fromEntries(stageAssignment('/s/boot.ts', ['/s/react.ts', '/s/store.ts', '/s/App.tsx'], graph))).toEqual({
      '/s/react.ts': 'react',
      '/s/scheduler.ts': 'react',
      '/s/store.ts': 'store',
      '/s/redux.ts': 'store',
      '/s/shared.ts': 'store',
      '/s/App.tsx': 'App',
      '/s/header.tsx': 'App',
    });
  });

  it('gathers what two or more landing pages share beyond the start-up, and nothing only one of them uses', () => {
    const graph = graphOf({
      '/s/Product.tsx': ['/s/Chip.tsx', '/s/Gallery.tsx', '/s/react.ts'],
      '/s/Store.tsx': ['/s/Chip.tsx', '/s/Pagination.tsx', '/s/react.ts'],
      '/s/Home.tsx': ['/s/react.ts'],
      '/s/Chip.tsx': ['/s/chipStyles.ts', '/s/react.ts'],
      '/s/chipStyles.ts': [],
      '/s/Gallery.tsx': [],
      '/s/Pagination.tsx': [],
      '/s/react.ts': [],
    });
    expect([...sharedByPages(['/s/Product.tsx', '/s/Store.tsx', '/s/Home.tsx'], new Set(['/s/react.ts']), graph)].sort()).toEqual(['/s/Chip.tsx', '/s/chipStyles.ts']);
  });

  it("leaves what the home page does not use to chunks by the pages sharing it, and a component out of the stage that only reads its class names", () => {
    const graph = graphOf({
      '/s/theme.ts': ['/m/styles/index.mjs'],
      // MUI's theme reaches every component's class names; filledInputClasses reads InputBase's through its folder's index.
      '/m/styles/index.mjs': ['/m/FilledInput/filledInputClasses.mjs'],
      '/m/FilledInput/filledInputClasses.mjs': ['/m/InputBase/index.mjs'],
      '/m/InputBase/index.mjs': ['/m/InputBase/InputBase.mjs', '/m/InputBase/inputBaseClasses.mjs'],
      '/m/InputBase/InputBase.mjs': ['/m/InputBase/inputBaseClasses.mjs'],
      '/m/InputBase/inputBaseClasses.mjs': [],
      '/s/Home.tsx': ['/s/Card.tsx'],
      '/s/Store.tsx': ['/s/Card.tsx', '/s/Field.tsx'],
      '/s/Product.tsx': ['/s/Field.tsx', '/s/Gallery.tsx'],
      '/s/Bundle.tsx': ['/s/Gallery.tsx'],
      '/s/Gallery.tsx': [],
      '/s/Card.tsx': [],
      '/s/Field.tsx': ['/m/InputBase/index.mjs'],
    });
    const stages = stageAssignment('/s/boot.ts', ['/s/theme.ts'], graph);
    expect([...stages.keys()].sort()).toEqual(['/m/FilledInput/filledInputClasses.mjs', '/m/InputBase/inputBaseClasses.mjs', '/m/styles/index.mjs', '/s/theme.ts']);
    const pages = ['/s/Home.tsx', '/s/Store.tsx', '/s/Product.tsx', '/s/Bundle.tsx'];
    expect(Object.fromEntries(landingAssignment(pages, new Set(stages.keys()), graph))).toEqual({
      '/s/Card.tsx': 'landing',
      '/s/Field.tsx': 'landing-Product-Store',
      '/m/InputBase/index.mjs': 'landing-Product-Store',
      '/m/InputBase/InputBase.mjs': 'landing-Product-Store',
      '/s/Gallery.tsx': 'landing-Bundle-Product',
    });
    expect(landingChunkNames(pages).sort()).toEqual(['landing', 'landing-Bundle-Product', 'landing-Bundle-Product-Store', 'landing-Bundle-Store', 'landing-Product-Store']);
  });
});
