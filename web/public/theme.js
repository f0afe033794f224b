// Applies the remembered theme and language before the first paint (no flash). A file of
// its own, not an inline script: the Content-Security-Policy allows scripts from 'self' only.
(function () {
  try {
    var t = localStorage.getItem('theme');
    if (t !== 'light' && t !== 'dark') t = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    document.documentElement.dataset.theme = t;
    if (t === 'dark') document.querySelector('meta[name="theme-color"]').setAttribute('content', '#0c0f0c');
    // A language link (`?lang=hi`, as languageFromLink reads it) wins over the stored choice:
    // the server's English first screen then stays hidden until the app shows it in Hindi.
    var link = null;
    try {
      link = new URLSearchParams(location.search).get('lang');
    } catch (e) {}
    var lang = link === 'hi' || link === 'en' ? link : localStorage.getItem('language');
    if (lang === 'hi') document.documentElement.lang = 'hi';
  } catch (e) {}
})();
