import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';

export default tseslint.config(
  {
    ignores: ['dist/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/'],
  },
  js.configs.recommended,
  // Typed rules read each file's types through TypeScript's project service; src/ needs the content
  // types `astro sync` writes to .astro/ (npm run lint's prelint). Without ESLint's cache: a file's
  // result depends on the types of the files it imports, which the cache does not see change.
  // .astro front matter and plain JS are outside TypeScript's project: linted without types
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  { files: ['**/*.astro', '**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['tests/**'],
    rules: {
      // Vitest's asymmetric matchers (expect.stringContaining and the like) are typed `any`
      '@typescript-eslint/no-unsafe-assignment': 'off',
      // Test doubles implement async interfaces without awaiting anything
      '@typescript-eslint/require-await': 'off',
    },
  },
  ...astro.configs.recommended,
  // No pattern may backtrack or move super-linearly: hostile input must not stall the server
  regexp.configs.recommended,
  { rules: { 'regexp/no-super-linear-move': 'error' } },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
);
