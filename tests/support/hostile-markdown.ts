/**
 * An area page's Markdown body as someone holding the owner's session could save it: each way the
 * issue's probe (issue 30) got code onto a public page, and a few more spellings of them. Every
 * public page shares an origin with the owner's API, so each script would act with his rights:
 * read his leads through /api/owner/leads and write a note. Node built-ins only: the publish
 * project's server (tests/support/publish-server.ts) writes it into its checkout.
 */

/** Written at the top of the body: shows the page was built from this Markdown */
export const HOSTILE_HEADING = 'Our new phone number';

/** What a script from content does: marks the page, then reads and writes through the owner's API */
const act = (how: string) =>
  `document.documentElement.dataset.injected='${how}';fetch(location.origin+'/api/owner/leads').then(function(r){return r.text()}).then(function(t){fetch(location.origin+'/api/owner/leads/1/note',{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({note:t.slice(0,50)})})})`;

/** The overlay's words, which must never show */
export const OVERLAY_TEXT = 'Site moved: call 0900 SCAM';

/** Where the meta refresh would send visitors */
export const REFRESH_TARGET = '/moved-by-content';

export const hostileMarkdown = `
## ${HOSTILE_HEADING}

<script>${act('script')}</script>

<style>html::after{content:"${OVERLAY_TEXT}";position:fixed;inset:0;z-index:2147483647;background:#fff;color:#b00;font-size:3rem}</style>

<meta http-equiv="refresh" content="0; url=${REFRESH_TARGET}">

<base href="https://elsewhere.example/">

Our photo of the job <img src="/missing.png" onerror="${act('onerror')}"> is below.

<iframe src="/owner" title="Owner"></iframe>

<form action="/api/owner/leads" method="post"><input name="note" value="hello"><button>Confirm your details</button></form>

<object data="/owner"></object><embed src="/owner">

<a href="javascript:${act('raw-link')}">Call the new number</a> or <svg><script>${act('svg')}</script></svg>

[Call us on the new number](javascript:fetch('/api/owner/leads')), [see the notice](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==),
<JAVASCRIPT:alert(1)> and [the details][notice].

![Our van](javascript:alert(2))

[notice]: vbscript:msgbox(1)
`;
