package org.servicedomain.node.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import org.servicedomain.node.Node;
import org.servicedomain.node.NodeEngine;
import org.servicedomain.node.NodeMembership;
import org.servicedomain.node.NodeObservation;
import org.servicedomain.node.NodeState;

/**
 * The node's packages form layers: no cycle among them, the shared request types at the bottom
 * importing no other package of the node, nothing below the entry reaching up into it, the entry's
 * planes layered among themselves, the node as a whole the composition root's alone, and the option table the
 * entries' alone.
 */
@AnalyzeClasses(packages = "org.servicedomain.node", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageLayeringTest {

    private static final String NODE = "org.servicedomain.node";

    @ArchTest
    static final ArchRule packagesAreFreeOfCycles = slices().matching(NODE + ".(**)")
            .should().beFreeOfCycles();

    @ArchTest
    static final ArchRule coreImportsNoOtherPackageOfTheNode = noClasses().that().resideInAPackage(NODE + ".core..")
            .should().dependOnClassesThat(resideInAPackage(NODE + "..").and(not(resideInAPackage(NODE + ".core.."))));

    @ArchTest
    static final ArchRule nothingBelowTheEntryImportsIt = noClasses().that()
            .resideOutsideOfPackages(NODE + ".entry..", NODE + ".launcher..")
            .should().dependOnClassesThat().resideInAPackage(NODE + ".entry..");

    /**
     * The entry's planes: the web app's composition on top; the home port and the operational
     * endpoints beside each other; forwarding to and from child nodes below them; the virtual ports
     * at the bottom, whose bodies, faults and addresses the others reuse.
     */
    @ArchTest
    static final ArchRule entryPlanesAreLayered = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("composition").definedBy(NODE + ".entry")
            .layer("home").definedBy(NODE + ".entry.home..")
            .layer("ops").definedBy(NODE + ".entry.ops..")
            .layer("children").definedBy(NODE + ".entry.children..")
            .layer("port").definedBy(NODE + ".entry.port..")
            .whereLayer("composition").mayNotBeAccessedByAnyLayer()
            .whereLayer("home").mayOnlyBeAccessedByLayers("composition")
            .whereLayer("ops").mayOnlyBeAccessedByLayers("composition")
            .whereLayer("children").mayOnlyBeAccessedByLayers("composition", "home", "ops")
            .whereLayer("port").mayOnlyBeAccessedByLayers("composition", "home", "ops", "children");

    /** The policy names directives and composers through their contract, never the engine that supplies them. */
    @ArchTest
    static final ArchRule policyImportsNothingOfTheEngine = noClasses().that().resideInAPackage(NODE + ".policy..")
            .should().dependOnClassesThat().resideInAPackage(NODE + ".engine..");

    /**
     * The directive contract sits just above the shared request types: it names them, the JDK and the
     * DOM a composer works on, and nothing else.
     */
    @ArchTest
    static final ArchRule directiveImportsOnlyTheCore = classes().that().resideInAPackage(NODE + ".directive..")
            .should().onlyDependOnClassesThat()
            .resideInAnyPackage(NODE + ".directive..", NODE + ".core..", "java..", "org.w3c.dom..");

    /**
     * The node as a whole, and its composition units, are seen by the composition root only (the root
     * package, the web app's wiring and the launcher); every entry and component receives the parts it uses.
     */
    @ArchTest
    static final ArchRule onlyTheCompositionRootSeesTheNode = noClasses().that()
            .resideOutsideOfPackages(NODE, NODE + ".entry", NODE + ".launcher..")
            .should().dependOnClassesThat(belongToAnyOf(Node.class, NodeState.class, NodeEngine.class, NodeObservation.class,
                    NodeMembership.class));

    /**
     * The components sit below the composition root: none imports the root package (its configuration
     * and units), so no cycle runs through it, which the slices above, which leave the root out, cannot see.
     */
    @ArchTest
    static final ArchRule componentsImportNothingOfTheRootPackage = noClasses().that()
            .resideOutsideOfPackages(NODE, NODE + ".entry..", NODE + ".launcher..", NODE + ".config..")
            .should().dependOnClassesThat().resideInAPackage(NODE);

    @ArchTest
    static final ArchRule onlyTheEntriesReadTheOptionTable = noClasses().that()
            .resideOutsideOfPackages(NODE + ".entry..", NODE + ".launcher..", NODE + ".config..")
            .should().dependOnClassesThat().resideInAPackage(NODE + ".config..");
}
