import { chromium } from '@playwright/test'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const [user, ...paths] = process.argv.slice(2)
const page = await browser.newPage({ viewport: { width: 1300, height: 900 } })
page.on('console', (msg) => { if (msg.type() === 'error') console.log('console:', msg.text()) })
page.on('pageerror', (error) => console.log('pageerror:', error.message))
await page.goto('http://localhost:3322/auth')
await page.getByLabel('Username').fill(user)
await page.getByLabel('Password', { exact: true }).fill('password123')
await page.getByRole('button', { name: 'Login' }).click()
await page.waitForURL(/dashboard/)
for (const [index, path] of paths.entries()) {
  await page.goto('http://localhost:3322' + path)
  await page.waitForTimeout(1000)
  await page.screenshot({ path: `/tmp/shot-${user}-${index}.png`, fullPage: true })
}
await browser.close()
