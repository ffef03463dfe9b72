// The extension's service worker: one context-menu entry that opens the
// solver page in a tab with the selected text in the URL hash; the page
// reads the puzzle from there and solves it (no scripting of the web page,
// no notifications, no network).
const MENU_ID = 'solve-sudoku'

chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.create({ id: MENU_ID, title: 'Solve this Sudoku', contexts: ['selection'] })
})

chrome.contextMenus.onClicked.addListener((info) => {
  if (info.menuItemId !== MENU_ID || !info.selectionText) return
  chrome.tabs.create({ url: `${chrome.runtime.getURL('popup.html')}#${encodeURIComponent(info.selectionText)}` })
})
