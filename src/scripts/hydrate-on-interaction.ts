/** The entry point src/integrations/hydrate-on-interaction.ts registers: the directive is src/client/hydrate-on-interaction.ts */
export { default } from '../client/hydrate-on-interaction.ts';
