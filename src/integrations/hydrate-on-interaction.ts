/** Registers `client:interaction` (src/client/hydrate-on-interaction.ts) for the islands */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

export function hydrateOnInteraction(): AstroIntegration {
  return {
    name: 'hydrate-on-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(
            new URL('../client/hydrate-on-interaction.ts', import.meta.url),
          ),
        });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean;
  }
}
