package org.servicedomain.node.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The node's packages form layers: no cycle among them, the shared request types at the bottom
 * importing no other package of the node, nothing below the entry reaching up into it, and the option
 * table the entries' alone.
 */
@AnalyzeClasses(packages = "org.servicedomain.node", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageLayeringTest {

    @ArchTest
    static final ArchRule packagesAreFreeOfCycles = slices().matching("org.servicedomain.node.(**)")
            .should().beFreeOfCycles();

    @ArchTest
    static final ArchRule coreImportsNoOtherPackageOfTheNode = noClasses().that()
            .resideInAPackage("org.servicedomain.node.core..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "org.servicedomain.node", "org.servicedomain.node.catalog..", "org.servicedomain.node.engine..",
                    "org.servicedomain.node.entry..", "org.servicedomain.node.hierarchy..",
                    "org.servicedomain.node.launcher..", "org.servicedomain.node.policy..", "org.servicedomain.node.qos..",
                    "org.servicedomain.node.dispatch..", "org.servicedomain.node.session..",
                    "org.servicedomain.node.storage..", "org.servicedomain.node.xml..");

    @ArchTest
    static final ArchRule nothingBelowTheEntryImportsIt = noClasses().that()
            .resideOutsideOfPackages("org.servicedomain.node.entry..", "org.servicedomain.node.launcher..")
            .should().dependOnClassesThat().resideInAPackage("org.servicedomain.node.entry..");

    @ArchTest
    static final ArchRule onlyTheEntriesReadTheOptionTable = noClasses().that()
            .resideOutsideOfPackages("org.servicedomain.node.entry..", "org.servicedomain.node.launcher..",
                    "org.servicedomain.node.config..")
            .should().dependOnClassesThat().resideInAPackage("org.servicedomain.node.config..");
}
