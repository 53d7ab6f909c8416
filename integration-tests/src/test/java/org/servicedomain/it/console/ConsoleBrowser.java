package org.servicedomain.it.console;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openqa.selenium.Alert;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Headless Debian Chromium driven through Selenium and chromedriver, pointed at one console.
 * Screenshots go to {@code target/screenshots} (system property {@code sd.screenshots}). A test class
 * shares one as a static {@code @RegisterExtension} field, which closes it after the class's tests.
 */
final class ConsoleBrowser implements AutoCloseable, AfterAllCallback {

    static final String CHROMIUM = "/usr/bin/chromium";
    static final String CHROMEDRIVER = "/usr/bin/chromedriver";

    private final ChromeDriver driver;
    private URI console;

    ConsoleBrowser() {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1400,1000", "--lang=en");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(Path.of(CHROMEDRIVER).toFile()).usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
    }

    /** Points the browser at a console and forgets the cookies of the last one. */
    ConsoleBrowser at(URI consoleUri) {
        this.console = consoleUri;
        driver.manage().deleteAllCookies();
        return this;
    }

    ConsoleBrowser open(String path) {
        driver.get(console + path);
        return this;
    }

    ConsoleBrowser signIn(String user, String password) {
        open("/login");
        type(By.id("user"), user);
        type(By.id("password"), password);
        click(By.id("sign-in"));
        return this;
    }

    ConsoleBrowser signOut() {
        click(By.id("sign-out"));
        return this;
    }

    void type(By field, String text) {
        WebElement element = driver.findElement(field);
        element.clear();
        element.sendKeys(text);
    }

    /**
     * Sets a text area at once (sendKeys would let the page's editor see every key); where CodeMirror
     * edits the text area, through the editor, which writes the text area back when the form is sent.
     */
    void setValue(By field, String text) {
        ((JavascriptExecutor) driver).executeScript("""
                var area = arguments[0], editor = area.nextElementSibling;
                if (editor && editor.CodeMirror) { editor.CodeMirror.setValue(arguments[1]); } else { area.value = arguments[1]; }
                """, driver.findElement(field), text);
    }

    /** Clicks a button or link that loads a page, and returns once the new page is there. */
    void click(By button) {
        ((JavascriptExecutor) driver).executeScript("window.sdOldPage = true;");
        driver.findElement(button).click();
        awaitNewPage();
    }

    /**
     * Clicks a button whose form asks for confirmation, answers the dialog (accepting, or dismissing
     * it) and returns its question; after an accept, returns once the new page is there.
     */
    String clickConfirming(By button, boolean accept) {
        ((JavascriptExecutor) driver).executeScript("window.sdOldPage = true;");
        driver.findElement(button).click();
        Alert alert = new WebDriverWait(driver, Duration.ofSeconds(10)).until(ExpectedConditions.alertIsPresent());
        String question = alert.getText();
        if (accept) {
            alert.accept();
            awaitNewPage();
        } else {
            alert.dismiss();
        }
        return question;
    }

    /** Chooses {@code file} in a file input (no page load). */
    void chooseFile(By input, Path file) {
        driver.findElement(input).sendKeys(file.toAbsolutePath().toString());
    }

    private void awaitNewPage() {
        new WebDriverWait(driver, Duration.ofSeconds(30)).ignoring(WebDriverException.class).until(d ->
                Boolean.TRUE.equals(((JavascriptExecutor) d).executeScript(
                        "return window.sdOldPage === undefined && document.readyState === 'complete';")));
    }

    /** Ticks a check box (no page load). */
    void tick(By checkbox) {
        driver.findElement(checkbox).click();
    }

    WebElement find(By by) {
        return driver.findElement(by);
    }

    List<WebElement> findAll(By by) {
        return driver.findElements(by);
    }

    String text(By by) {
        return driver.findElement(by).getText();
    }

    String pageText() {
        return driver.findElement(By.tagName("body")).getText();
    }

    String path() {
        return URI.create(driver.getCurrentUrl()).getPath();
    }

    Object script(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /**
     * POSTs {@code body} (form-encoded) from the page with the browser's own cookies, as a forged
     * form on another tab would, and answers the HTTP status.
     */
    long post(String path, String body) {
        Object status = ((JavascriptExecutor) driver).executeAsyncScript(
                "var done = arguments[arguments.length - 1];"
                        + "fetch(arguments[0], {method: 'POST', credentials: 'same-origin', redirect: 'manual',"
                        + " headers: {'Content-Type': 'application/x-www-form-urlencoded'}, body: arguments[1]})"
                        + ".then(function (r) { done(r.status); }).catch(function (e) { done(-1); });",
                console + path, body);
        return (Long) status;
    }

    /** What a GET answered: its status, content type, content disposition (null when none) and body. */
    record Fetched(long status, String contentType, String disposition, String body) {
    }

    /** GETs {@code href} from the page with the browser's own cookies, as following a download link does, without saving a file. */
    Fetched fetch(String href) {
        @SuppressWarnings("unchecked")
        Map<String, Object> got = (Map<String, Object>) ((JavascriptExecutor) driver).executeAsyncScript(
                "var done = arguments[arguments.length - 1];"
                        + "fetch(arguments[0], {credentials: 'same-origin'}).then(function (r) { return r.text().then(function (t) {"
                        + " done({status: r.status, type: r.headers.get('Content-Type'),"
                        + " disposition: r.headers.get('Content-Disposition'), body: t}); }); })"
                        + ".catch(function (e) { done({status: -1, body: String(e)}); });", href);
        return new Fetched((Long) got.get("status"), (String) got.get("type"), (String) got.get("disposition"),
                (String) got.get("body"));
    }

    /** Saves the page as {@code target/screenshots/NAME.png}. */
    Path screenshot(String name) {
        Path dir = Path.of(System.getProperty("sd.screenshots", "target/screenshots"));
        try {
            Files.createDirectories(dir);
            Path file = dir.resolve(name + ".png");
            Files.copy(((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE).toPath(), file,
                    StandardCopyOption.REPLACE_EXISTING);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("could not save screenshot " + name, e);
        }
    }

    @Override
    public void close() {
        driver.quit();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }
}
