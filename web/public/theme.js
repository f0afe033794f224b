// Applies the remembered theme and language before the first paint (no flash). A file of
// its own, not an inline script: the Content-Security-Policy allows scripts from 'self' only.
(function () {
  try {
    var t = localStorage.getItem('theme');
    if (t !== 'light' && t !== 'dark') t = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    document.documentElement.dataset.theme = t;
    if (t === 'dark') document.querySelector('meta[name="theme-color"]').setAttribute('content', '#0c0f0c');
    if (localStorage.getItem('language') === 'hi') document.documentElement.lang = 'hi';
  } catch (e) {}
})();
