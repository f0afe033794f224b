// Applies the remembered theme and language before the first paint (no flash). The build
// writes it into index.html as an inline script (a request of its own held the first paint;
// issue 21), which the Content-Security-Policy allows by its sha256 hash; the dev server
// serves this file.
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
