declare namespace App {
  interface Locals {
    /** The quote-request service, passed in by the Node server (src/server/main.ts) */
    leads?: import('./server/leads/service.ts').LeadService;
  }
}
